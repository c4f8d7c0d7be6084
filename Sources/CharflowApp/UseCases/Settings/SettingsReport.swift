import CharflowCore
import CharflowStore
import Foundation

/// Settings as key and effective value, in the order `settings` lists them.
public struct SettingsReport: Report {
    public let pairs: [(key: String, value: String)]
    /// What a changed setting now means, where that needs saying (the rollover time).
    public let meaning: String?
    public var json: JSONValue { .object(pairs.map { ($0.key, .string($0.value)) }) }
}

extension Charflow {
    /// The effective value, showing where the first weekday comes from when it is not set.
    func effectiveValue(of key: String) -> String {
        if key == "first-weekday", store.settings.firstWeekday == nil {
            return store.calendar.firstWeekday.name
        }
        if key == "location", store.settings.prayers.location == nil { return "none" }
        return store.settings.value(of: key) ?? ""
    }

}
