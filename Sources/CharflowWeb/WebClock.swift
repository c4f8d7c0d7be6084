import CharflowApp
import Foundation

/// Where the server's clock comes from; it is read per request and per boundary check, never kept.
///
/// `--now T` fixes it; `CHARFLOW_CLOCK_FILE` names a file holding `YYYY-MM-DDTHH:MM` (local time) that
/// a test rewrites to move time; otherwise the system clock.
public enum WebClock: Sendable {
    case fixed(Date)
    case file(String)
    case system

    /// The clock now, in `zone`; a file that cannot be read or parsed falls back to the system clock.
    public func now(in zone: TimeZone) -> Date {
        switch self {
        case .fixed(let date): return date
        case .system: return Date()
        case .file(let path):
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                  let date = WebClock.parse(text.trimmingCharacters(in: .whitespacesAndNewlines), zone: zone) else {
                return Date()
            }
            return date
        }
    }

    /// `YYYY-MM-DDTHH:MM` as an instant in `zone`; nil for empty or malformed text.
    public static func parse(_ text: String, zone: TimeZone) -> Date? {
        guard !text.isEmpty else { return nil }
        return try? StoreEnvironment.clock(text, zone: zone)
    }
}
