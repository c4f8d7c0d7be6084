import CharflowCore
import CharflowStore
import Foundation

/// Where a store lives and how its user's days run: the path, the time zone and the locale's first
/// weekday, read once from the environment; the clock is given per call.
///
/// A front end that runs once (the CLI) opens the store for one call; one that runs for hours (the web
/// server) opens it for every request with that request's clock, so no read outlives a call.
public struct StoreEnvironment: Sendable {
    public let path: String
    public let timeZone: TimeZone
    public let localeFirstWeekday: Weekday
    /// The variables of the environment the calendars read: HOME (where `~/.netrc` is) and the proxy
    /// (`CalendarEnvironment`).
    public let calendarVariables: [String: String]

    public init(path: String, timeZone: TimeZone, localeFirstWeekday: Weekday, calendarVariables: [String: String] = [:]) {
        self.path = path
        self.timeZone = timeZone
        self.localeFirstWeekday = localeFirstWeekday
        self.calendarVariables = calendarVariables
    }

    /// The store named by `--db` (given as `option`), then `CHARFLOW_DB`, then the XDG default, with the
    /// zone of `TZ` and the first weekday of the locale. An option given empty names no store and is
    /// refused; only an empty environment variable counts as not set.
    public init(environment: [String: String], storeOption option: String?) throws {
        if option == "" { throw InputError.emptyStorePath }
        self.init(path: Self.storePath(option, environment), timeZone: try Self.timeZone(environment),
                  localeFirstWeekday: Self.localeFirstWeekday(environment),
                  calendarVariables: Self.calendarVariables(environment))
    }

    /// The same store and zone with another path.
    public func at(_ path: String) -> StoreEnvironment {
        StoreEnvironment(path: path, timeZone: timeZone, localeFirstWeekday: localeFirstWeekday, calendarVariables: calendarVariables)
    }

    /// Opens the store as of `now`, running any missed rollover first, and expanding the kept calendars
    /// again when the day, the zone or the rollover moved since they were (no network; rule F-12).
    public func open(now: Date) throws -> Charflow {
        try Charflow.opening(try Store(path: path, timeZone: timeZone, localeFirstWeekday: localeFirstWeekday, now: now),
                             calendarVariables: calendarVariables)
    }

    /// The variables the calendar engine reads (`CalendarEnvironment.init(environment:workingDirectory:)`).
    static let calendarVariableNames = ["HOME", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]

    static func calendarVariables(_ environment: [String: String]) -> [String: String] {
        var picked: [String: String] = [:]
        for name in calendarVariableNames {
            if let value = environment[name] { picked[name] = value }
        }
        return picked
    }

    /// `--db`, then `CHARFLOW_DB`, then `$XDG_DATA_HOME/charflow/charflow.sqlite`.
    public static func storePath(_ option: String?, _ environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["CHARFLOW_DB"], !path.isEmpty { return path }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return dataHome + "/charflow/charflow.sqlite"
    }

    /// The zone `TZ` names, else the system's; a `TZ` that names no zone is refused rather than
    /// silently replaced (a wrong zone moves every day boundary). A path (`:/etc/localtime`) to a zone
    /// file that exists is the system's zone.
    public static func timeZone(_ environment: [String: String]) throws -> TimeZone {
        guard let given = environment["TZ"], !given.isEmpty else { return TimeZone.current }
        var name = given
        if name.hasPrefix(":") { name.removeFirst() }
        if name.hasPrefix("/usr/share/zoneinfo/") { name.removeFirst("/usr/share/zoneinfo/".count) }
        if let zone = TimeZone(identifier: name) { return zone }
        if name.hasPrefix("/"), FileManager.default.fileExists(atPath: name) {
            let target = (name as NSString).resolvingSymlinksInPath
            if let range = target.range(of: "/zoneinfo/"), let zone = TimeZone(identifier: String(target[range.upperBound...])) {
                return zone
            }
            return TimeZone.current
        }
        throw InputError.invalidWord(what: "time zone (TZ)", given: given, expected: "an IANA name such as Europe/London, or TZ unset")
    }

    /// The first weekday of the user's locale (`LC_ALL`, `LC_TIME`, `LANG`); Monday where it says nothing.
    public static func localeFirstWeekday(_ environment: [String: String]) -> Weekday {
        let name = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        guard identifier.contains("_") else { return .monday }
        switch Locale(identifier: identifier).firstDayOfWeek {
        case .sunday: return .sunday
        case .saturday: return .saturday
        default: return .monday
        }
    }

    /// A clock given as `YYYY-MM-DDTHH:MM[:SS]` local time; nil or empty text is the system clock.
    public static func clock(_ text: String?, zone: TimeZone) throws -> Date {
        guard let text, !text.isEmpty else { return Date() }
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let day = LocalDay(entered: parts[0]), parts[1].count == 5 || parts[1].count == 8,
              let time = TimeOfDay(parts[1].prefix(5)) else {
            throw InputError.badTime(text)
        }
        var seconds = 0
        if parts[1].count == 8 {
            let tail = parts[1].dropFirst(5)
            guard tail.first == ":", tail.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(tail.dropFirst()), value < 60 else {
                throw InputError.badTime(text)
            }
            seconds = value
        }
        return PlannerCalendar(timeZone: zone).instant(on: day, at: time) + Double(seconds)
    }
}
