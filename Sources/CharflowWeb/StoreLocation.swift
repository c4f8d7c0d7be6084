import CharflowCore
import Foundation

/// Which store the server opens, and the zone and first weekday its days are counted in.
public struct StoreLocation: Sendable {
    public let path: String
    public let timeZone: TimeZone
    public let firstWeekday: Weekday

    public init(path: String, timeZone: TimeZone, firstWeekday: Weekday) {
        self.path = path
        self.timeZone = timeZone
        self.firstWeekday = firstWeekday
    }
}
