import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Read what is coming: the live tasks due after today, in the engine's order (T-15).
    public func upcoming() throws -> TaskListReport {
        try list(EngineOrder.sorted(try store.taskRepository.live(dueAfter: today), today: today))
    }
}
