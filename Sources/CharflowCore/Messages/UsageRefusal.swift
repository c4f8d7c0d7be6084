/// An input that lacks what its use case needs, or says two things that exclude each other.
///
/// The words that name the missing piece are the front end's: the CLI names its flags (and shows its
/// usage, exit 2), the web answers 400 with the code.
public enum UsageRefusal: CharflowRefusal, Equatable {
    /// The positional word naming what to act on ("task", "region", "file", "habit", "item").
    case missing(String)
    /// An option without which the use case cannot run ("position", "to", "reason", "destination").
    case missingOption(String)
    /// Exactly one of these is needed.
    case chooseOne([String])
    /// At most one of these may be given.
    case atMostOne([String])
    /// `option` takes a whole number, and `given` is not one.
    case notANumber(option: String, given: String)
    /// An edit that changes nothing.
    case nothingToChange
    /// Going to the Backlog takes no region, bucket or day.
    case backlogTakesNoPlace
    /// An action word the use case does not know ("category frobnicate").
    case unknownAction(String)

    /// Always malformed input: the CLI answers it as a usage error, the web with 400.
    public var kind: RefusalKind { .badInput }

    /// A stable code for the web's error body.
    public var code: String {
        switch self {
        case .missing: "missing_subject"
        case .missingOption: "missing_option"
        case .chooseOne: "choose_one"
        case .atMostOne: "at_most_one"
        case .notANumber: "not_a_number"
        case .nothingToChange: "nothing_to_change"
        case .backlogTakesNoPlace: "backlog_takes_no_place"
        case .unknownAction: "unknown_action"
        }
    }

    /// The domain sentence, with no front end's words in it.
    public var message: String {
        switch self {
        case .missing(let what): "Which \(what)?"
        case .missingOption(let name): "The \(name) is missing."
        case .chooseOne(let names): "Choose one of " + Self.list(names, "or") + "."
        case .atMostOne(let names): "Choose at most one of " + Self.list(names, "or") + "."
        case .notANumber(let option, let given): "The \(option) takes a whole number, not '\(Messages.echo(given))'."
        case .nothingToChange: "Nothing to change."
        case .backlogTakesNoPlace: "The Backlog takes no region, bucket or day."
        case .unknownAction(let word): "Unknown action '\(Messages.echo(word))'."
        }
    }

    /// "a, b or c".
    public static func list(_ items: [String], _ last: String) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joinedText(separator: ", ") + " \(last) " + items[items.count - 1]
    }
}
