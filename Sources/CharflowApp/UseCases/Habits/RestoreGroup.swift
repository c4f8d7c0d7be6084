import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Bring an archived habit group back, with its name and its habits (rule H-7); a group that is not
    /// archived is left as it is.
    @discardableResult
    public func restoreGroup(_ id: UUID) throws -> HabitGroupsReport {
        var group = try group(id: id)
        if group.isArchived {
            group.isArchived = false
            group = try store.action("group restore") { work in try store.habitRecords.save(group, in: work) }
        }
        return HabitGroupsReport(added: nil, archived: nil, restored: group, summaries: [],
                                 json: .object([("restored", .string(group.title))]))
    }
}
