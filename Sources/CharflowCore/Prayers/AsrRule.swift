/// When Asr begins: when an upright stick's shadow has grown by one (standard) or two (Hanafi) times its
/// length beyond its shadow at noon.
public enum AsrRule: Int, CaseIterable, Sendable {
    /// Shadow factor 1: the Shafi'i, Maliki and Hanbali schools, and the default.
    case standard
    /// Shadow factor 2: the Hanafi school.
    case hanafi

    public static let defaultRule = AsrRule.standard

    /// Accepts `standard` or `hanafi` (and `shafi` for standard), any case.
    public init?(word: String) {
        switch word.lowercased() {
        case "standard", "shafi": self = .standard
        case "hanafi": self = .hanafi
        default: return nil
        }
    }

    /// Parses an Asr rule's word, or refuses it naming both.
    public static func parse(_ text: String) throws(InputError) -> AsrRule {
        guard let rule = AsrRule(word: text) else {
            throw .invalidWord(what: "Asr rule", given: text, expected: "standard or hanafi")
        }
        return rule
    }

    /// The word the command line and the settings store use.
    public var word: String {
        switch self {
        case .standard: "standard"
        case .hanafi: "hanafi"
        }
    }

    /// How many stick lengths the shadow has grown beyond its noon length when Asr begins.
    public var shadowFactor: Double {
        switch self {
        case .standard: 1
        case .hanafi: 2
        }
    }
}
