import CharflowCore

/// Why a request body was refused before any use case saw it: a field it does not take, one it lacks,
/// or a value of the wrong JSON type (cli.md, "The web UI's API").
///
/// Each names the body's top-level field; the web answers 400 with the code `bad_field` and changes nothing.
enum FieldError: Error, Equatable {
    case unknown(String)
    case missing(String)
    /// The field, and what it takes in words ("a whole number", "text", "a list of text").
    case wrongType(String, expected: String)
    /// The field's text holds a NUL character, which the store would cut the text at.
    case holdsNUL(String)

    static let code = "bad_field"

    var message: String {
        switch self {
        case .unknown(let field): WebMessages.unknownField(field)
        case .missing(let field): WebMessages.missingField(field)
        case .wrongType(let field, let expected): WebMessages.wrongType(field, expected: expected)
        case .holdsNUL(let field): WebMessages.nulInField(field)
        }
    }
}
