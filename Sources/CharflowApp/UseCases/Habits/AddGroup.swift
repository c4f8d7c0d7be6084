import CharflowCore
import CharflowStore
import Foundation

/// Add a habit group: a name no other group has (ignoring case), last in the order.
public enum AddGroup {
    public struct Input: Decodable, Sendable {
        /// On the command line, the words after `group add`.
        public var name: String

        enum CodingKeys: String, CodingKey {
            case name
        }

        public init(name: String) {
            self.name = name
        }

        /// A name left out is empty, and refused as a group name that is.
        public init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .name) ?? ""
        }
    }
}

extension Charflow {
    @discardableResult
    public func addGroup(_ input: AddGroup.Input) throws -> HabitGroupsReport {
        let name = try TaskText.title(input.name, field: .groupName)
        let records = store.habitRecords
        let group = try store.action("group add") { work in
            let all = try records.groups(includeArchived: true)
            try HabitRules.checkNewGroup(name, among: all)
            let group = HabitGroup(title: name, sortOrder: all.count, createdAt: now)
            try records.insert(group, in: work)
            return group
        }
        return HabitGroupsReport(added: group, archived: nil, summaries: [], json: .object([
            ("id", .string(group.id.lowercasedText)), ("title", .string(group.title))]))
    }
}
