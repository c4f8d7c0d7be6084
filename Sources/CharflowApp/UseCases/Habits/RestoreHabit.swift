import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Restore an archived habit: it is back on Today and takes logs again.
    @discardableResult
    public func restoreHabit(_ id: UUID) throws -> HabitReport {
        try setArchived(id, false, label: "habit restore")
    }

    // MARK: From a request

    /// `habit restore ID`.
    public func restoreHabit(_ request: Request) throws -> HabitReport {
        try restoreHabit(try habit(matching: try request.habitSubject()).id)
    }
}
