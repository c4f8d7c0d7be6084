import Foundation

/// The person's prayer-time settings (rule F-7), with their defaults: where, by which method, which Asr,
/// which high-latitude rule, and their own minute adjustments.
///
/// There is no default location: until one is set, there are no prayer times (`times(on:in:)` is nil).
public struct PrayerSettings: Sendable, Equatable {
    public var location: PrayerLocation?
    public var method: PrayerMethod = .defaultMethod
    public var asr: AsrRule = .defaultRule
    public var highLatitude: HighLatitudeRule = .defaultRule
    public var adjustments: PrayerAdjustments = .none

    public init(location: PrayerLocation? = nil, method: PrayerMethod = .defaultMethod, asr: AsrRule = .defaultRule,
                highLatitude: HighLatitudeRule = .defaultRule, adjustments: PrayerAdjustments = .none) {
        self.location = location
        self.method = method
        self.asr = asr
        self.highLatitude = highLatitude
        self.adjustments = adjustments
    }

    /// The day's times in `timeZone`, or nil while no location is set.
    public func times(on day: LocalDay, in timeZone: TimeZone) -> PrayerTimes? {
        guard let location else { return nil }
        return PrayerTimes(on: day, at: location, settings: self, in: timeZone)
    }
}
