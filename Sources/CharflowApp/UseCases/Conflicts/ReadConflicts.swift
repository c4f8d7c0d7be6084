import CharflowCore
import CharflowStore
import Foundation

/// One conflict as a person reads it, and as `conflicts --json` gives it.
public struct ConflictItem: Equatable {
    /// What `conflicts restore ID` and `conflicts dismiss ID` take.
    public let id: Int64
    public let sentence: String
    public let json: JSONValue

    public static func == (a: ConflictItem, b: ConflictItem) -> Bool { a.id == b.id && a.sentence == b.sentence }
}

/// The conflicts that wait: values of this device's that a merge replaced since its last sync and
/// that nobody dismissed or put back (rule Y-24).
public struct ConflictsReport: Report {
    public let conflicts: [ConflictItem]

    /// `conflicts --json`.
    public var json: JSONValue { .object([("conflicts", .array(conflicts.map(\.json)))]) }
}

extension Charflow {
    /// Lists the conflicts that wait, oldest first; reads only.
    public func conflicts() throws -> ConflictsReport {
        let repository = ConflictRepository(db: store.db)
        let waiting = try repository.waiting()
        guard !waiting.isEmpty else { return ConflictsReport(conflicts: []) }
        var names: [String: String] = [:]
        for (id, name) in try store.categories.names() { names[id.lowercasedText] = name }
        let former = try repository.formerDevices()
        return ConflictsReport(conflicts: try waiting.map { try item($0, repository, categories: names, formerDevices: former) })
    }

    /// One recorded conflict in words: the field, the row's name, both values, the device that won
    /// (the start of its id; this device itself before a restore when it is one of `formerDevices`)
    /// and when its change was made.
    func item(_ conflict: ConflictRepository.Conflict, _ repository: ConflictRepository,
              categories: [String: String], formerDevices: Set<String> = []) throws -> ConflictItem {
        let yours = Self.parsed(conflict.replaced), theirs = Self.parsed(conflict.winner)
        let name = try repository.name(of: conflict.table, id: conflict.rowID)
        let clock = HybridLogicalClock(text: conflict.winnerClock)
        let device = clock?.device ?? ""
        let changed = Date(timeIntervalSince1970: Double(clock?.milliseconds ?? 0) / 1000)
        let when = "\(DayText.relative(calendar.calendarDay(at: changed), today: calendar.calendarDay(at: now))) at "
            + calendar.timeOfDay(at: changed).description
        let what = ConflictWords.what(table: conflict.table, field: conflict.field)
        let sentence = ConflictWords.sentence(
            what: what, name: name,
            yours: ConflictWords.value(yours, field: conflict.field, categories: categories),
            theirs: ConflictWords.value(theirs, field: conflict.field, categories: categories),
            device: String(device.prefix(8)), when: when, formerSelf: formerDevices.contains(device))
        let recorded = Instant.parseStorageText(conflict.recordedAt)
        let json = JSONValue.object([
            ("id", .int(Int(conflict.id))),
            ("record", .string(conflict.table)),
            ("row", .string(conflict.rowID)),
            ("field", .string(conflict.field)),
            ("what", .string(what)),
            ("name", .optional(name)),
            ("yours", Self.jsonValue(yours)),
            ("theirs", Self.jsonValue(theirs)),
            ("device", .string(device)),
            ("changedAt", .string(Instant.isoText(changed, in: calendar))),
            ("recordedAt", .optional(recorded.map { Instant.isoText($0, in: calendar) })),
            ("text", .string(sentence)),
        ])
        return ConflictItem(id: conflict.id, sentence: sentence, json: json)
    }

    /// A value the merge kept as JSON text, read back (nil for `null`).
    static func parsed(_ text: String) -> Any? {
        let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        return value is NSNull ? nil : value
    }

    /// A read value as a JSON document value: text, whole number, object (a placement) or null.
    static func jsonValue(_ value: Any?) -> JSONValue {
        switch value {
        case let text as String: .string(text)
        case let number as NSNumber: .int(number.intValue)
        case let object as [String: Any]:
            .object(object.keys.sorted().map { ($0, jsonValue(object[$0] is NSNull ? nil : object[$0])) })
        default: .null
        }
    }
}
