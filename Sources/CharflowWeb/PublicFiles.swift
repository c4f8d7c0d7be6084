import Foundation

/// The only files served without a sign-in (README D21): the web app manifest, the icon and the service
/// worker (M-5).
///
/// They hold nothing of the user's, and a browser fetches a manifest without cookies. The worker is
/// answered at the root so that its scope is the whole page, and never kept by the browser's cache, so
/// a new build's worker replaces the old at the next visit. Only GET and HEAD
/// of these exact paths are answered; every other path still needs the cookie.
enum PublicFiles {
    static let manifestPath = "/manifest.webmanifest"
    static let iconPath = "/icon.svg"
    static let workerPath = "/worker.mjs"
    /// The icon as PNGs (IconImage): iOS's home screen, Android's 192 and 512, and the maskable 512.
    static let pngIcons: [(path: String, size: Int, shape: IconImage.Shape)] = [
        ("/icon-180.png", 180, .fullBleed), ("/icon-192.png", 192, .rounded), ("/icon-512.png", 512, .rounded),
        ("/icon-maskable-512.png", 512, .fullBleed),
    ]
    /// Each PNG, drawn at its first request.
    private static let drawn = DrawnIcons()

    /// The file at `path` for a read, or nil when `path` is not one of them.
    static func answer(method: String, path: String) -> WebResponse? {
        guard method == "GET" || method == "HEAD" else { return nil }
        switch path {
        case manifestPath: return WebResponse(status: 200, contentType: "application/manifest+json", body: Array(manifest.utf8))
        case iconPath: return WebResponse(status: 200, contentType: "image/svg+xml", body: Array(icon.utf8))
        case workerPath: return WebResponse(status: 200, contentType: PageAssets.Asset.worker.contentType, body: PageAssets.Asset.worker.bytes)
        default:
            guard let icon = pngIcons.first(where: { $0.path == path }), let png = drawn.png(icon.path, size: icon.size, shape: icon.shape) else {
                return nil
            }
            return WebResponse(status: 200, contentType: "image/png", body: png)
        }
    }

    static let manifest = """
    {
      "name": "Charflow",
      "short_name": "Charflow",
      "description": "Today's board: Morning, Afternoon, Evening.",
      "id": "/",
      "start_url": "/",
      "scope": "/",
      "display": "standalone",
      "background_color": "#FFFFFF",
      "theme_color": "#1F6A58",
      "icons": [
        {"src": "\(iconPath)", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        {"src": "/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": "/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": "/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"}
      ]
    }

    """

    /// Three region bars and a tick, in the page's accent colour; also `contrib/charflow.svg`.
    static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
    <title>Charflow</title>
    <rect width="64" height="64" rx="14" fill="#1F6A58"/>
    <rect x="12" y="14" width="26" height="7" rx="3.5" fill="#FFFFFF"/>
    <rect x="12" y="28.5" width="20" height="7" rx="3.5" fill="#FFFFFF" opacity="0.8"/>
    <rect x="12" y="43" width="14" height="7" rx="3.5" fill="#FFFFFF" opacity="0.6"/>
    <path d="M36 40l6 6 11-13" fill="none" stroke="#FFFFFF" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
    </svg>

    """
}

/// The PNG icons drawn so far, each drawn once, under a lock (requests come on several threads).
private final class DrawnIcons: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [String: [UInt8]] = [:]

    func png(_ path: String, size: Int, shape: IconImage.Shape) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        if let png = made[path] { return png }
        let png = IconImage.png(size: size, shape: shape)
        made[path] = png
        return png
    }
}
