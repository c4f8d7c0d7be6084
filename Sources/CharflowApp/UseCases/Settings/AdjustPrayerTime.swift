import CharflowCore
import CharflowStore
import Foundation

/// Adjust one prayer's time by whole minutes (rule F-7; `settings prayer-adjust PRAYER MINUTES`), to
/// match a mosque's timetable; 0 takes the adjustment off. Each prayer's adjustment is a setting of its
/// own, so adjustments made on two devices to two prayers are both kept.
public enum AdjustPrayerTime {
    public struct Input: Decodable, Sendable {
        public var prayer: Prayer
        public var minutes: PrayerMinutes

        public init(prayer: Prayer, minutes: PrayerMinutes) {
            self.prayer = prayer
            self.minutes = minutes
        }
    }
}

extension Charflow {
    /// Saves the adjustment, undoably; the report holds every prayer's adjustments as `settings` lists them.
    @discardableResult
    public func adjustPrayerTime(_ input: AdjustPrayerTime.Input) throws -> SettingsReport {
        let key = PlannerSettings.adjustmentKey(input.prayer)
        try store.action("settings") { work in
            if input.minutes.value == 0 {
                try store.settingRecords.remove(key, in: work)
            } else {
                try store.settingRecords.save(key, String(input.minutes.value), in: work)
            }
        }
        try store.reloadSettings()
        return SettingsReport(pairs: [("prayer-adjust", effectiveValue(of: "prayer-adjust"))], meaning: nil)
    }
}
