import CharflowCore
import CharflowStore
import Foundation

/// Change one setting, undoably; the calendar follows at once. A new rollover time moves no stored
/// day (P-7, P-8). Region hours that would overlap or leave the logical day are refused, whether the
/// hours or the rollover time moved (F-1).
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
        // Region hours stay inside the logical day and apart, whichever of them or the rollover moves (F-1).
        if key == "rollover-time" || PlannerSettings.regionKeys.values.contains(key) { try changed.checkRegionHours() }
        let rows = PlannerSettings.storedRows(of: key)
        // A setting with no text (no location) has no row; `prayer-adjust` is one row a prayer.
        if rows.count > 1 || changed.value(of: key) != nil || settings.value(of: key) != nil {
            try store.action("settings") { work in
                for row in rows {
                    if let text = changed.value(of: row) {
                        try store.settingRecords.save(row, text, in: work)
                    } else {
                        try store.settingRecords.remove(row, in: work)
                    }
                }
            }
            try store.reloadSettings()
        }
        let meaning = key == "rollover-time" ? Messages.rolloverMeaning(settings.rolloverTime) : nil
        return SettingsReport(pairs: [(key, effectiveValue(of: key))], meaning: meaning)
    }
}
