/// What a calculation method fixes: how far below the horizon the sun is at Fajr and Isha (or how long
/// after Maghrib Isha comes), an angle for Maghrib where the method has one, and the whole minutes its
/// authority adds to the computed times.
public struct PrayerMethodParameters: Sendable, Equatable {
    /// How Isha is found.
    public enum IshaRule: Sendable, Equatable {
        /// When the sun is this many degrees below the horizon, after sunset.
        case angle(Double)
        /// A set number of minutes after Maghrib; `inRamadan`, when given, replaces it in the month of
        /// Ramadan by the Umm al-Qura calendar.
        case afterMaghrib(minutes: Int, inRamadan: Int?)
    }

    /// Degrees below the horizon at Fajr.
    public var fajrAngle: Double
    public var isha: IshaRule
    /// Degrees below the horizon at Maghrib, for a method that waits past sunset (Tehran); nil is sunset.
    public var maghribAngle: Double?
    /// The method's own minutes, added after rounding, before the person's adjustments.
    public var sunriseMinutes: Int
    public var dhuhrMinutes: Int
    public var asrMinutes: Int
    public var maghribMinutes: Int
    /// The Moonsighting Committee's seasonal bounds replace the high-latitude rule.
    public var seasonalTwilight: Bool

    public init(fajrAngle: Double, isha: IshaRule, maghribAngle: Double? = nil, sunriseMinutes: Int = 0,
                dhuhrMinutes: Int = 0, asrMinutes: Int = 0, maghribMinutes: Int = 0, seasonalTwilight: Bool = false) {
        self.fajrAngle = fajrAngle
        self.isha = isha
        self.maghribAngle = maghribAngle
        self.sunriseMinutes = sunriseMinutes
        self.dhuhrMinutes = dhuhrMinutes
        self.asrMinutes = asrMinutes
        self.maghribMinutes = maghribMinutes
        self.seasonalTwilight = seasonalTwilight
    }

    /// The method's minutes for `prayer` (Fajr and Isha have none in any method).
    func minutes(for prayer: Prayer) -> Int {
        switch prayer {
        case .fajr, .isha: 0
        case .dhuhr: dhuhrMinutes
        case .asr: asrMinutes
        case .maghrib: maghribMinutes
        }
    }
}
