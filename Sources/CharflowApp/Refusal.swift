import CharflowCore
import CharflowStore
import Foundation

/// Any refusal a use case can throw, as every front end reports it: a stable code, the domain sentence
/// (no front end's words in it) and the next step as a `Hint` (rule A-3).
public struct Refusal: Error, Sendable {
    public let code: String
    public let message: String
    public let hint: Hint?
    /// Whether the request itself was malformed (the CLI's usage error, the web's 400) rather than refused.
    public let isBadRequest: Bool

    /// The refusal behind `error`; nil for an error no layer expected (a bug to report as internal).
    public init?(_ error: any Error) {
        switch error {
        case let error as PlannerError:
            self.init(code: Messages.code(error), message: Messages.text(error), hint: Messages.hint(error))
        case let error as RequestError:
            self.init(code: error.code, message: error.message, hint: nil, isBadRequest: true)
        case let error as ImportError:
            self.init(code: "import_refused", message: "Import refused at \(error.place): \(error.message). Nothing was changed.")
        case let error as DatabaseError:
            // SQLite's own message may quote SQL; only its generic sentence for the code is shown.
            let refusal: PlannerError = error.isReadOnly ? .storeReadOnly : .storeFailed(error.summary)
            self.init(code: Messages.code(refusal), message: Messages.text(refusal))
        default:
            return nil
        }
    }

    init(code: String, message: String, hint: Hint? = nil, isBadRequest: Bool = false) {
        self.code = code
        self.message = message
        self.hint = hint
        self.isBadRequest = isBadRequest
    }
}
