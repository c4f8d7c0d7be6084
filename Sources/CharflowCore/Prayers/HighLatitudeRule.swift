/// Where Fajr and Isha fall when the twilight of the method's angle never ends, or ends very late: far
/// from the equator in summer (Oslo, Tromsø), or where the sun neither rises nor sets.
///
/// Each rule takes a share of the night (sunset to the next sunrise) as a bound: Isha is never later than
/// that share after sunset, Fajr never earlier than that share before sunrise. Where the sun's angle gives
/// a time inside the bound, that time stands; where it gives none, or one beyond the bound, the bound is
/// the time. The Moonsighting Committee's method has its own seasonal bound and ignores this rule.
public enum HighLatitudeRule: Int, CaseIterable, Sendable {
    /// Half the night: Isha no later, and Fajr no earlier, than the middle of the night. The default.
    case middleOfTheNight
    /// A seventh of the night: Isha by the end of its first seventh, Fajr from the start of its last.
    case seventhOfTheNight
    /// The method's angle over 60 of the night (18° gives 18/60, nearly a third).
    case twilightAngle

    public static let defaultRule = HighLatitudeRule.middleOfTheNight

    /// Accepts the command line's `middle`, `seventh` and `angle`, and the long forms
    /// (`middle-of-the-night`, `seventh-of-the-night`, `twilight-angle`), any case.
    public init?(word: String) {
        switch word.lowercased() {
        case "middle", "middle-of-the-night": self = .middleOfTheNight
        case "seventh", "seventh-of-the-night": self = .seventhOfTheNight
        case "angle", "twilight-angle": self = .twilightAngle
        default: return nil
        }
    }

    /// Parses a high-latitude rule's word, or refuses it naming the three.
    public static func parse(_ text: String) throws(InputError) -> HighLatitudeRule {
        guard let rule = HighLatitudeRule(word: text) else {
            throw .invalidWord(what: "high-latitude rule", given: text, expected: "middle, seventh or angle")
        }
        return rule
    }

    /// The word the command line and the settings store use.
    public var word: String {
        switch self {
        case .middleOfTheNight: "middle"
        case .seventhOfTheNight: "seventh"
        case .twilightAngle: "angle"
        }
    }

    /// The rule's name in a sentence ("the middle of the night").
    public var name: String {
        switch self {
        case .middleOfTheNight: "the middle of the night"
        case .seventhOfTheNight: "the seventh of the night"
        case .twilightAngle: "the twilight angle"
        }
    }

    /// The share of the night that bounds a prayer whose twilight angle is `angle` degrees.
    func portion(ofNightFor angle: Double) -> Double {
        switch self {
        case .middleOfTheNight: 1.0 / 2.0
        case .seventhOfTheNight: 1.0 / 7.0
        case .twilightAngle: angle / 60.0
        }
    }
}
