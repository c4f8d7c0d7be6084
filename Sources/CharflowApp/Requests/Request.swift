import CharflowCore
import Foundation

/// One use case's input as a front end received it: positional words, options by their long names, and
/// switches, with the values the command line takes.
///
/// The CLI builds one from its arguments; the web server from a route and a JSON body whose keys are the
/// same option names. Parsing a value into a domain value happens here, once, for both.
public struct Request: Sendable {
    public var words: [String]
    /// Every value given for each option, in order (`--window` may repeat); the last one counts elsewhere.
    public var options: [String: [String]]
    public var switches: Set<String>

    public init(words: [String] = [], options: [String: [String]] = [:], switches: Set<String> = []) {
        self.words = words
        self.options = options
        self.switches = switches
    }

    public func has(_ name: String) -> Bool { switches.contains(name) }

    /// The last value given for `name`.
    public func value(_ name: String) -> String? { options[name]?.last }

    public func values(_ name: String) -> [String] { options[name] ?? [] }

    /// A DATE-WORD option, parsed.
    public func dateWord(_ name: String) throws -> QuickDate? {
        guard let text = value(name) else { return nil }
        guard let word = QuickDate(word: text) else { throw InputError.badDate(text) }
        return word
    }

    public func region(_ name: String = "region") throws -> Region? {
        guard let text = value(name) else { return nil }
        return try Request.region(text)
    }

    public static func region(_ text: String) throws -> Region {
        guard let region = Region(rawValue: text.lowercased()) else {
            throw InputError.invalidWord(what: "region", given: text, expected: "morning, afternoon or evening")
        }
        return region
    }

    public func bucket() throws -> Bucket? {
        guard let text = value("bucket") else { return nil }
        guard let bucket = Bucket(word: text) else {
            throw InputError.invalidWord(what: "bucket", given: text, expected: "must, complementary or misc")
        }
        return bucket
    }

    public func importance() throws -> Importance? {
        guard let text = value("importance") else { return nil }
        guard let importance = Importance(rawValue: text.lowercased()) else {
            throw InputError.invalidWord(what: "importance", given: text, expected: "low, medium or high")
        }
        return importance
    }

    /// `--effort MINUTES|none`: nil when not given, `.some(nil)` for none.
    public func effort() throws -> Int?? {
        guard let text = value("effort") else { return nil }
        return .some(try Effort.parse(text))
    }

    /// `--repeat none|daily|weekly[:ISO,..]|monthly`, parsed.
    public func repeatRule() throws -> (RepeatKind, String)? {
        guard let text = value("repeat") else { return nil }
        return try RepeatRule.parse(text)
    }

    /// `--reason too-much|not-ready|no-longer`: the reason chips.
    public func reason() throws -> DeferralReason? {
        guard let text = value("reason") else { return nil }
        switch text.lowercased() {
        case "too-much", "toomuch": return .tooMuch
        case "not-ready", "notready": return .notReady
        case "no-longer", "nolonger": return .noLonger
        default:
            throw InputError.invalidWord(what: "reason", given: text, expected: "too-much, not-ready or no-longer")
        }
    }

    /// The first positional word: the task, habit or category a use case acts on.
    public func subject(_ what: String) throws -> String {
        guard let word = words.first else { throw RequestError.missing(what) }
        return word
    }
}

public typealias RequestError = UsageRefusal
