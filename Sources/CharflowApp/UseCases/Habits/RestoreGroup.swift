import CharflowCore
import CharflowStore
import Foundation

/// Bring an archived habit group back, with its name and its habits (rule H-7); a group that is not
/// archived is left as it is.
public enum RestoreGroup {
    public struct Input: Decodable, Sendable {
        public var group: GroupRef

        public init(group: GroupRef) {
            self.group = group
        }
    }
}

extension Charflow {
    @discardableResult
    public func restoreGroup(_ input: RestoreGroup.Input) throws -> HabitGroupsReport {
        var group = try self.group(input.group)
        if group.isArchived {
            group.isArchived = false
            group = try store.action("group restore") { work in try store.habitRecords.save(group, in: work) }
        }
        return HabitGroupsReport(added: nil, archived: nil, restored: group, summaries: [],
                                 json: .object([("restored", .string(group.title))]))
    }
}
