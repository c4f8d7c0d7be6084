import CharflowCore
import CharflowStore
import Foundation

/// Every use case by name, for a front end that routes requests to them generically (the web API).
///
/// A request carries what the command line would: positional words (for `plan …` and `category …` the
/// action word first, as after the command's name), options by long name and switches.
public enum UseCase: String, CaseIterable, Sendable {
    case today, show, backlog, upcoming, list, history, region, status, categories
    case settings, planOverview, planReview, reminders
    case add, edit, done, undone, move, reorder, deferTask, note, check, delete, purge, undo
    case begin, pause, resume, finish
    case category, filter, changeSetting, planCarry, planTomorrow, planMove, planClose, planSkip
    /// A front end records the Today signals it showed (the CLI's text Today does it itself).
    case markShown
    /// The conflicts a sync recorded (rule Y-24): listed, one put back, or cleared.
    case conflicts, conflictRestore, conflictDismiss

    /// Whether the use case only reads: a GET in the web API, and nothing in the store changes.
    public var isRead: Bool {
        switch self {
        case .today, .show, .backlog, .upcoming, .list, .history, .region, .status, .categories,
             .settings, .planOverview, .planReview, .reminders, .conflicts:
            true
        default:
            false
        }
    }

    /// The word the use case cannot start without ("task", "region"), if any.
    public var subject: String? {
        switch self {
        case .show, .edit, .done, .undone, .move, .reorder, .deferTask, .note, .check, .delete, .purge, .begin:
            "task"
        case .region:
            "region"
        default:
            nil
        }
    }

    /// Refuses a request that lacks the use case's subject, or names a region that is none, before any
    /// store is opened: a usage error creates and changes nothing.
    public func validate(_ request: Request) throws {
        guard let subject else { return }
        let word = try request.subject(subject)
        switch self {
        case .region:
            _ = try Request.region(word)
        case .check:
            // The item's number follows the task; a sign is the store's to judge, anything else is no number.
            guard request.words.count == 2,
                  request.words[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }) else {
                throw RequestError.missing("item")
            }
        default:
            break
        }
    }
}

/// A use case's answer: its JSON document, and for a write the id of the action it recorded.
public struct UseCaseResult {
    public let json: JSONValue
    /// The undo journal's id of the action (for `undo` with `action`); nil for a read.
    public let action: String?
}

extension Charflow {
    /// Runs one use case; a write's answer names the action it recorded, so a front end can undo exactly it.
    public func run(_ useCase: UseCase, _ request: Request) throws -> UseCaseResult {
        try useCase.validate(request)
        let json = try perform(useCase, request)
        return UseCaseResult(json: json, action: useCase.isRead ? nil : store.lastActionID?.description)
    }

    /// A number that grows with every change committed to the store by anyone (the web page polls it).
    public func changeVersion() throws -> Int {
        try store.changeVersion()
    }

    /// Runs one use case and returns the JSON document the CLI's `--json` prints for it.
    ///
    /// Reads mark nothing seen (rule A-2): a front end that shows signals or reminders to a person calls
    /// `markSeen` with what it showed.
    public func perform(_ useCase: UseCase, _ request: Request) throws -> JSONValue {
        switch useCase {
        case .today: return try readToday().json
        case .show: return try showTask(try typed(request, ShowTask.Input.self, ["task"])).json
        case .backlog: return try backlog().json
        case .upcoming: return try upcoming().json
        case .list: return try readTaskList(try typed(request, ReadTaskList.Input.self, [])).json
        case .history: return try history(try typed(request, ReadHistory.Input.self, ["day"])).json
        case .region: return try readRegion(try typed(request, ReadRegion.Input.self, ["region"])).json
        case .status: return try sessionStatus().json
        case .categories: return try categories(all: request.has("all")).json
        case .settings: return try settings(Request(words: Array(request.words.prefix(1)))).json
        case .planOverview: return try planOverview().json
        case .planReview: return try planReview().json
        case .reminders: return try reminders().json
        case .add: return try addTask(try typed(request, AddTask.Input.self, ["title..."])).json
        case .edit: return try editTask(try typed(request, EditTask.Input.self, ["task"])).json
        case .done: return try completeTask(try typed(request, CompleteTask.Input.self, ["task"])).json
        case .undone: return try reopenTask(try typed(request, ReopenTask.Input.self, ["task"])).json
        case .move: return try moveTask(try typed(request, MoveTask.Input.self, ["task"])).json
        case .reorder: return try reorderTask(try typed(request, ReorderTask.Input.self, ["task"])).json
        case .deferTask: return try deferTask(try typed(request, DeferTask.Input.self, ["task"])).json
        case .note: return try addNote(try typed(request, AddNote.Input.self, ["task", "text..."])).json
        case .check: return try tickChecklistItem(try typed(request, TickChecklistItem.Input.self, ["task", "item"])).json
        case .delete: return try dropTask(try typed(request, DropTask.Input.self, ["task"])).json
        case .purge: return try purgeTask(try typed(request, PurgeTask.Input.self, ["task"])).json
        case .undo: return try undo(try typed(request, UndoAction.Input.self, [])).json
        case .begin: return try beginSession(try typed(request, BeginSession.Input.self, ["task"])).json
        case .pause: return try pauseSession().json
        case .resume: return try resumeSession().json
        case .finish: return try finishSession(try typed(request, FinishSession.Input.self, [])).json
        case .category: return try changeCategory(request).json
        case .filter: return try setTodayFilter(try typed(request, SetTodayFilter.Input.self, ["category"])).json
        case .changeSetting: return try settings(request).json
        case .planCarry: return try carry(request).json
        case .planTomorrow: return try planTomorrow(request).json
        case .planMove: return try planMove(request).json
        case .planClose: return try endPlanning(closed: true).json
        case .planSkip: return try endPlanning(closed: false).json
        case .markShown: return try markShown(try typed(request, MarkShown.Input.self, [])).json
        case .conflicts: return try conflicts().json
        case .conflictRestore: return try restoreConflict(request).json
        case .conflictDismiss: return try dismissConflicts(request).json
        }
    }
}

extension Charflow {
    /// A request's words read as a typed input (until every route decodes its input itself).
    func typed<T: Decodable>(_ request: Request, _ type: T.Type, _ positions: [String]) throws -> T {
        var asked: Set<String> = []
        return try WordsDecoder(words: request.words, positions: positions, options: request.options,
                                switches: request.switches).decode(type, asked: &asked)
    }
}
