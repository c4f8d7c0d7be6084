/// A published way of computing the prayer times: the twilight angles for Fajr and Isha (or Isha a set
/// time after Maghrib), and the minutes its authority adds to some times.
///
/// The angles and minutes of each are in `parameters`, and in docs/prayers.md with their sources.
public enum PrayerMethod: Int, CaseIterable, Sendable {
    /// Muslim World League: Fajr 18°, Isha 17°. The default.
    case muslimWorldLeague
    /// Islamic Society of North America: Fajr and Isha 15°.
    case isna
    /// Egyptian General Authority of Survey: Fajr 19.5°, Isha 17.5°.
    case egypt
    /// Umm al-Qura University, Makkah: Fajr 18.5°, Isha 90 minutes after Maghrib, 120 in Ramadan.
    case ummAlQura
    /// University of Islamic Sciences, Karachi: Fajr and Isha 18°.
    case karachi
    /// The Gulf region, as the UAE's General Authority of Islamic Affairs and Endowments computes it:
    /// Fajr and Isha 18.2°, with its minutes.
    case gulf
    /// Kuwait: Fajr 18°, Isha 17.5°.
    case kuwait
    /// Qatar: Fajr 18°, Isha 90 minutes after Maghrib.
    case qatar
    /// Majlis Ugama Islam Singapura: Fajr 20°, Isha 18°.
    case singapore
    /// Institute of Geophysics, University of Tehran: Fajr 17.7°, Maghrib 4.5°, Isha 14°.
    case tehran
    /// Diyanet İşleri Başkanlığı, Turkey: Fajr 18°, Isha 17°, with its minutes (temkin).
    case turkey
    /// Moonsighting Committee Worldwide: Fajr and Isha 18°, bounded by seasonal minutes from sunrise and
    /// sunset.
    case moonsightingCommittee

    public static let defaultMethod = PrayerMethod.muslimWorldLeague

    /// Accepts the method's word, or a longer name for a few (`muslim-world-league`,
    /// `moonsighting-committee`, `ummalqura`), any case.
    public init?(word: String) {
        let key = word.lowercased()
        let aliases: [String: PrayerMethod] = [
            "muslim-world-league": .muslimWorldLeague, "north-america": .isna, "egyptian": .egypt,
            "ummalqura": .ummAlQura, "makkah": .ummAlQura, "dubai": .gulf, "muis": .singapore,
            "diyanet": .turkey, "moonsighting-committee": .moonsightingCommittee,
        ]
        guard let match = PrayerMethod.allCases.first(where: { $0.word == key }) ?? aliases[key] else { return nil }
        self = match
    }

    /// Parses a method's word, or refuses it naming every method's word.
    public static func parse(_ text: String) throws(InputError) -> PrayerMethod {
        guard let method = PrayerMethod(word: text) else {
            throw .invalidWord(what: "prayer method", given: text, expected: PrayerWords.list(allCases.map(\.word)))
        }
        return method
    }

    /// The word the command line and the settings store use.
    public var word: String {
        switch self {
        case .muslimWorldLeague: "mwl"
        case .isna: "isna"
        case .egypt: "egypt"
        case .ummAlQura: "umm-al-qura"
        case .karachi: "karachi"
        case .gulf: "gulf"
        case .kuwait: "kuwait"
        case .qatar: "qatar"
        case .singapore: "singapore"
        case .tehran: "tehran"
        case .turkey: "turkey"
        case .moonsightingCommittee: "moonsighting"
        }
    }

    /// The method's name as a person knows it.
    public var name: String {
        switch self {
        case .muslimWorldLeague: "Muslim World League"
        case .isna: "Islamic Society of North America"
        case .egypt: "Egyptian General Authority of Survey"
        case .ummAlQura: "Umm al-Qura, Makkah"
        case .karachi: "University of Islamic Sciences, Karachi"
        case .gulf: "Gulf region (UAE)"
        case .kuwait: "Kuwait"
        case .qatar: "Qatar"
        case .singapore: "Majlis Ugama Islam Singapura"
        case .tehran: "Institute of Geophysics, University of Tehran"
        case .turkey: "Diyanet, Turkey"
        case .moonsightingCommittee: "Moonsighting Committee Worldwide"
        }
    }

    /// The method's angles, its Isha rule and its own minutes.
    public var parameters: PrayerMethodParameters {
        typealias P = PrayerMethodParameters
        switch self {
        case .muslimWorldLeague: return P(fajrAngle: 18, isha: .angle(17), dhuhrMinutes: 1)
        case .isna: return P(fajrAngle: 15, isha: .angle(15), dhuhrMinutes: 1)
        case .egypt: return P(fajrAngle: 19.5, isha: .angle(17.5), dhuhrMinutes: 1)
        case .ummAlQura: return P(fajrAngle: 18.5, isha: .afterMaghrib(minutes: 90, inRamadan: 120))
        case .karachi: return P(fajrAngle: 18, isha: .angle(18), dhuhrMinutes: 1)
        case .gulf:
            return P(fajrAngle: 18.2, isha: .angle(18.2), sunriseMinutes: -3, dhuhrMinutes: 3, asrMinutes: 3, maghribMinutes: 3)
        case .kuwait: return P(fajrAngle: 18, isha: .angle(17.5))
        case .qatar: return P(fajrAngle: 18, isha: .afterMaghrib(minutes: 90, inRamadan: nil))
        case .singapore: return P(fajrAngle: 20, isha: .angle(18), dhuhrMinutes: 1)
        case .tehran: return P(fajrAngle: 17.7, isha: .angle(14), maghribAngle: 4.5)
        case .turkey:
            return P(fajrAngle: 18, isha: .angle(17), sunriseMinutes: -7, dhuhrMinutes: 5, asrMinutes: 4, maghribMinutes: 7)
        case .moonsightingCommittee:
            return P(fajrAngle: 18, isha: .angle(18), dhuhrMinutes: 5, maghribMinutes: 3, seasonalTwilight: true)
        }
    }
}
