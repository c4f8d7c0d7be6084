import CharflowCore
import CharflowStore
import Foundation

/// Change one setting, undoably; the calendar follows at once. A new rollover time moves no stored
/// day (P-7, P-8).
public enum ChangeSetting {
    public struct Input: Decodable, Sendable {
        public var key: SettingKey
        /// The value as a person gives it (`04:00`, `monday`, `off`, …): its form is the key's, so
        /// `PlannerSettings.set` reads it.
        public var value: String

        public init(key: SettingKey, value: String) {
            self.key = key
            self.value = value
        }

        public init(key: String, value: String) throws {
            self.init(key: try SettingKey.reading(key), value: value)
        }
    }
}

extension Charflow {
    /// Changes the setting; the report holds it with its effective value, and what a new rollover time means.
    @discardableResult
    public func changeSetting(_ input: ChangeSetting.Input) throws -> SettingsReport {
        let key = input.key.name
        var changed = settings
        try changed.set(key, to: input.value)
        if let text = changed.value(of: key) {
            try store.action("settings") { work in try store.settingRecords.save(key, text, in: work) }
            try store.reloadSettings()
        }
        let meaning = key == "rollover-time" ? Messages.rolloverMeaning(settings.rolloverTime) : nil
        return SettingsReport(pairs: [(key, effectiveValue(of: key))], meaning: meaning)
    }
}
