import CharflowCore
import CharflowStore
import Foundation

/// Settings as key and effective value, in the order `settings` lists them.
public struct SettingsReport {
    public let pairs: [(key: String, value: String)]
    /// What a changed setting now means, where that needs saying (the rollover time).
    public let meaning: String?
    public var json: JSONValue { .object(pairs.map { ($0.key, .string($0.value)) }) }
}

extension Charflow {
    /// Every setting, or the one named by the first word; with a second word, that setting is changed first.
    public func settings(_ request: Request) throws -> SettingsReport {
        let words = request.words
        if let key = words.first, !PlannerSettings.keys.contains(key) { throw PlannerError.unknownSetting(key) }
        if words.count == 2 { try planner.setSetting(words[0], words[1]) }
        let keys = words.first.map { [$0] } ?? PlannerSettings.keys
        let meaning = words.count == 2 && words[0] == "rollover-time" ? Messages.rolloverMeaning(planner.settings.rolloverTime) : nil
        return SettingsReport(pairs: keys.map { ($0, effectiveValue(of: $0)) }, meaning: meaning)
    }

    /// The effective value, showing where the first weekday comes from when it is not set.
    func effectiveValue(of key: String) -> String {
        if key == "first-weekday", planner.settings.firstWeekday == nil {
            return planner.calendar.firstWeekday.name
        }
        return planner.settings.value(of: key) ?? ""
    }
}

extension StoreEnvironment {
    /// Removes the store with its write-ahead log and shared memory, irreversibly.
    public func erase() throws {
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
