import CharflowCore
import CharflowStore
import Foundation

/// The short id a task is shown by: its first 8 characters, more when another task shares them.
extension Charflow {
    /// The shortest prefix of `task`'s id that names it alone among the store's tasks (8 at least).
    public func shortID(ofTask task: UUID) throws -> String {
        ShortID.shortest(task, neighbours: try store.taskRepository.neighbourIDs(of: task))
    }

    /// A way to show many tasks' ids: each is looked up by its neighbours while few are shown, and once
    /// more than `ShortIDs.lookUpsBeforeScan` are, one pass finds the 8-character prefixes that tasks
    /// share, so a long list costs one scan, not two lookups a line.
    public func shortIDs() -> ShortIDs { ShortIDs(app: self) }
}

/// The short ids of the tasks one command shows (`Charflow.shortIDs()`).
public final class ShortIDs {
    static let lookUpsBeforeScan = 64
    private let app: Charflow
    private var lookUps = 0
    private var shared: Set<String>?

    init(app: Charflow) { self.app = app }

    /// `task`'s short id; its first 8 characters if the store cannot be read.
    public func callAsFunction(_ task: UUID) -> String {
        let short = task.shortText
        if shared == nil, lookUps >= Self.lookUpsBeforeScan { shared = (try? app.store.taskRepository.sharedIDPrefixes()) ?? [] }
        if let shared, !shared.contains(short) { return short }
        lookUps += 1
        return (try? app.shortID(ofTask: task)) ?? short
    }
}
