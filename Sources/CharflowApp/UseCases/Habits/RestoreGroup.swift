import CharflowCore
import CharflowStore
import Foundation

/// Bring an archived habit group back, with its name and its habits (rule H-7); a group that is not
/// archived is left as it is, and nothing is recorded (B-21).
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
        let (group, changed) = try store.action("group restore") { work in
            var group = try self.group(input.group)
            guard group.isArchived else {
                work.changesNothing()
                return (group, false)
            }
            group.isArchived = false
            return (try store.habitRecords.save(group, in: work), true)
        }
        return HabitGroupsReport(added: nil, archived: nil, restored: group, changed: changed, summaries: [],
                                 json: .object([("restored", .string(group.title))]))
    }
}
