import CharflowCore
import CharflowStore
import Foundation

/// The short id a task is shown by: its first 8 characters, more when another task shares them.
extension Charflow {
    /// The shortest prefix of `task`'s id that names it alone among the store's tasks (8 at least).
    public func shortID(ofTask task: UUID) throws -> String {
        ShortID.shortest(task, neighbours: try store.taskRepository.neighbourIDs(of: task))
    }

    /// A way to show tasks' ids in one command: each id costs one short read of the primary key's
    /// index (is its first 8 characters another task's too?), and only an id that shares them looks up
    /// its neighbours. A scan of every id for shared prefixes cost a 10,000-task `today` 3 ms.
    public func shortIDs() -> ShortIDs { ShortIDs(app: self) }
}

/// The short ids of the tasks one command shows (`Charflow.shortIDs()`).
public final class ShortIDs {
    private let app: Charflow

    init(app: Charflow) { self.app = app }

    /// `task`'s short id; its first 8 characters if the store cannot be read.
    public func callAsFunction(_ task: UUID) -> String {
        let short = task.shortText
        guard (try? app.store.taskRepository.sharesIDPrefix(task, length: ShortID.minimum)) == true else { return short }
        return (try? app.shortID(ofTask: task)) ?? short
    }
}
