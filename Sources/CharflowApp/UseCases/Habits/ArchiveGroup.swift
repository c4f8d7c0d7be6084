import CharflowCore
import CharflowStore
import Foundation

/// Archive a habit group; its habits stay, ungrouped only in how they are shown.
public enum ArchiveGroup {
    public struct Input: Decodable, Sendable {
        public var group: GroupRef

        public init(group: GroupRef) {
            self.group = group
        }
    }
}

extension Charflow {
    @discardableResult
    public func archiveGroup(_ input: ArchiveGroup.Input) throws -> HabitGroupsReport {
        let (saved, changed) = try store.action("group archive") { work in
            var group = try self.group(input.group)
            guard !group.isArchived else {
                work.changesNothing()
                return (group, false)
            }
            group.isArchived = true
            return (try store.habitRecords.save(group, in: work), true)
        }
        return HabitGroupsReport(added: nil, archived: saved, changed: changed, summaries: [],
                                 json: .object([("archived", .string(saved.title))]))
    }
}
