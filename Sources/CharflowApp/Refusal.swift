import CharflowCore
import CharflowStore
import Foundation

/// Any refusal a use case can throw, as every front end reports it: a stable code, the domain sentence
/// (no front end's words in it), the next step as a `Hint` (rule A-3) and its kind.
public struct Refusal: CharflowRefusal {
    public let code: String
    public let message: String
    public let hint: Hint?
    public let kind: RefusalKind

    /// The refusal behind `error`; nil for an error no layer expected (a bug to report as internal).
    public init?(_ error: any Error) {
        switch error {
        case let error as any CharflowRefusal:
            self.init(error)
        case let error as ImportError:
            self.init(FileFailure.importRefused(error))
        case let error as DatabaseError:
            self.init(StoreFailure(error))
        default:
            return nil
        }
    }

    init(_ refusal: any CharflowRefusal) {
        self.init(code: refusal.code, message: refusal.message, hint: refusal.hint, kind: refusal.kind)
    }

    init(code: String, message: String, hint: Hint?, kind: RefusalKind) {
        self.code = code
        self.message = message
        self.hint = hint
        self.kind = kind
    }
}
