import CharflowCore
import CharflowStore
import Foundation

/// Change one setting, undoably; the calendar follows at once. A new rollover time moves no stored
/// day (P-7, P-8).
public enum ChangeSetting {
    public struct Input: Sendable {
        public var key: String
        /// The value as a person gives it (`04:00`, `monday`, `off`, …); `PlannerSettings` parses it.
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }
}

extension Charflow {
    /// Changes the setting; the report holds it with its effective value, and what a new rollover time means.
    @discardableResult
    public func changeSetting(_ input: ChangeSetting.Input) throws -> SettingsReport {
        try Self.checkSettingKey(input.key)
        var changed = settings
        try changed.set(input.key, to: input.value)
        if let text = changed.value(of: input.key) {
            try store.action("settings") { work in try store.settingRecords.save(input.key, text, in: work) }
            try store.reloadSettings()
        }
        let meaning = input.key == "rollover-time" ? Messages.rolloverMeaning(settings.rolloverTime) : nil
        return SettingsReport(pairs: [(input.key, effectiveValue(of: input.key))], meaning: meaning)
    }
}
