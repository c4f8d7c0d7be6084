import CharflowCore
import CharflowStore
import Foundation

/// The short id a task is shown by: its first 8 characters, more when another task shares them.
extension Charflow {
    /// The shortest prefix of `task`'s id that names it alone among the store's tasks (8 at least).
    public func shortID(ofTask task: UUID) throws -> String {
        ShortID.shortest(task, neighbours: try store.taskRepository.neighbourIDs(of: task))
    }

    /// A way to show tasks' ids in one command: the first 8 characters that tasks share are read once,
    /// when the first id is shown (nearly always none), and only an id among them looks up its
    /// neighbours. A read of the id index per line cost a 10,000-task `backlog` 1.9 M instructions of
    /// its 12.5 M; a scan of every id, 3 ms.
    public func shortIDs() -> ShortIDs { ShortIDs(app: self) }
}

/// The short ids of the tasks one command shows (`Charflow.shortIDs()`).
public final class ShortIDs {
    private let app: Charflow
    /// The 8-character prefixes tasks share, read when the first id is shown; empty if unreadable.
    private lazy var shared: Set<String> = (try? app.store.taskRepository.sharedIDPrefixes()) ?? []

    init(app: Charflow) { self.app = app }

    /// `task`'s short id; its first 8 characters if the store cannot be read.
    public func callAsFunction(_ task: UUID) -> String {
        let short = task.shortText
        guard shared.contains(short) else { return short }
        return (try? app.shortID(ofTask: task)) ?? short
    }
}
