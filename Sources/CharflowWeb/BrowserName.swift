/// A paired browser's name from its User-Agent (spec D24): "Safari on iPhone", "Chrome on Android".
///
/// Only a name for the person to recognise in `charflow pair --list`; nothing is decided by it.
public enum BrowserName {
    public static func of(userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "A browser" }
        let browser: String
        if agent.contains("Edg/") || agent.contains("EdgA/") || agent.contains("EdgiOS/") {
            browser = "Edge"
        } else if agent.contains("Firefox/") || agent.contains("FxiOS/") {
            browser = "Firefox"
        } else if agent.contains("SamsungBrowser/") {
            browser = "Samsung Internet"
        } else if agent.contains("Chrome/") || agent.contains("CriOS/") {
            browser = "Chrome"
        } else if agent.contains("Safari/") {
            browser = "Safari"
        } else {
            browser = "A browser"
        }
        let system: String
        if agent.contains("iPhone") {
            system = "iPhone"
        } else if agent.contains("iPad") {
            system = "iPad"
        } else if agent.contains("Android") {
            system = "Android"
        } else if agent.contains("Mac OS X") || agent.contains("Macintosh") {
            system = "Mac"
        } else if agent.contains("Windows") {
            system = "Windows"
        } else if agent.contains("Linux") || agent.contains("X11") {
            system = "Linux"
        } else {
            return browser
        }
        return "\(browser) on \(system)"
    }
}
