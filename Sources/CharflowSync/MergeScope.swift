import CharflowCore
import CharflowStore
import Foundation

/// Which series a pull's merge can have left to settle (`MergeSettlement`): those of the tasks it
/// delivered, of the tasks its sessions and deferrals belong to, and those whose stop mark it
/// delivered; or every series, after a merge of the hub's whole state or of many rows.
///
/// A series changes only through its tasks, their sessions and deferrals (what makes an instance
/// touched) and its stop mark, so a settlement of the others would find what the last one left.
/// Each sync's settling is an ordinary change every device receives, so devices that settle in other
/// batches still meet.
struct MergeScope {
    /// Delivered rows past which a settlement reads every series, instead of finding theirs.
    static let largest = 2_000

    private(set) var everything = false
    /// The delivered tasks' ids, stop marks among them, and the tasks of delivered sessions and deferrals.
    private(set) var tasks = Set<String>()
    /// The delivered removals of tasks: a stop mark arrives as one.
    private var removedTasks = Set<String>()
    private var rows = 0

    /// Every series.
    static var whole: MergeScope {
        var scope = MergeScope()
        scope.widen()
        return scope
    }

    /// Settles every series from now on.
    mutating func widen() {
        everything = true
        tasks = []
        removedTasks = []
    }

    /// Notes what `operations` are about to change, before they are merged: a session or deferral
    /// removed then still names its task here.
    mutating func note(_ operations: [RemoteOperation], _ db: Database) throws {
        guard !everything else { return }
        var linked: [String: Set<String>] = [:]
        var named = Set<String>()
        var seen = Set<String>()
        for operation in operations {
            if seen.insert(SyncClient.rowKey(operation.table, operation.rowID)).inserted { rows += 1 }
            switch operation.table {
            case "tasks":
                tasks.insert(operation.rowID)
                if operation.field == OperationLog.deletedField { removedTasks.insert(operation.rowID) }
            case "sessions", "deferrals":
                if operation.field == "task_id", let task = MergeScope.text(ofJSON: operation.value) {
                    tasks.insert(task)
                    named.insert(operation.rowID)
                }
                linked[operation.table, default: []].insert(operation.rowID)
            default:
                break
            }
        }
        if rows > MergeScope.largest { return widen() }
        for (table, ids) in linked.sorted(by: { $0.key < $1.key }) {
            let unnamed = ids.subtracting(named)
            guard !unnamed.isEmpty else { continue }
            let held = try db.rows("SELECT task_id FROM \(table) WHERE id IN (SELECT value FROM json_each(?)) AND task_id IS NOT NULL",
                                   [.text(JSONText.array(unnamed))])
            for row in held { if let task = row[0].text { tasks.insert(task) } }
        }
    }

    /// The series of the delivered tasks as the merge left them; nil for every series. A series
    /// whose stop mark came is found by `stopped`: the mark is removed for good, and names its series
    /// only through its derived id.
    func series(_ store: Store) throws -> Set<String>? {
        guard !everything else { return nil }
        guard !tasks.isEmpty else { return [] }
        return Set(try store.db.rows("""
            SELECT DISTINCT series_id FROM tasks WHERE id IN (SELECT value FROM json_each(?)) AND series_id IS NOT NULL
            """, [.text(JSONText.array(tasks))]).compactMap { $0[0].text })
    }

    /// Whether the stop mark of `series` came with the merge.
    func stopped(_ series: UUID) -> Bool {
        everything || removedTasks.contains(TaskRepository.stopMark(of: series))
    }

    /// Whether a stop mark can have come: some task was removed.
    var mayHaveStopped: Bool { everything || !removedTasks.isEmpty }

    /// The text a JSON string literal holds when it needs no unescaping (an id), else nil.
    static func text(ofJSON value: String) -> String? {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\""), !value.contains("\\") else { return nil }
        return String(value.dropFirst().dropLast())
    }
}
