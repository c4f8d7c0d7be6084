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
        case let error as BackupWriteError:
            self.init(code: "write_failed", message: error.description)
        case let error as DatabaseError:
            self.init(code: "store", message: "The store refused the change: \(error.message). Nothing was changed.")
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
