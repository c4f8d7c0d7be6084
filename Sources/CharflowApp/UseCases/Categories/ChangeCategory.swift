import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    // MARK: From a request

    /// `category add NAME [--color C]`, `rename NAME NEW`, `color NAME C`, `archive NAME`, `restore NAME`,
    /// `delete NAME`: the action is the first word, its names the next ones; each goes to its use case.
    public func changeCategory(_ request: Request) throws -> CategoryReport {
        switch request.words.first {
        case "add": try addCategory(request)
        case "rename": try renameCategory(request)
        case "color": try recolorCategory(request)
        case "archive": try archiveCategory(request)
        case "restore": try restoreCategory(request)
        case "delete": try deleteCategory(request)
        default: throw RequestError.unknownAction(request.words.first ?? "")
        }
    }
}

extension Request {
    /// The category action's word at `index` (a name, a new name, a colour), or the refusal that one is
    /// missing.
    func categoryWord(_ index: Int) throws -> String {
        guard words.count > index else { throw RequestError.missing("category") }
        return words[index]
    }
}
