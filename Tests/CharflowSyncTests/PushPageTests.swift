import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// A page of a push one entry a record (hub schema 12, rule Y-29): each row's fields with their
/// clocks and values, and what the hub reads of every operation, counted here.
@Suite("A push's page as records")
struct PushPageTests {
    static let device = "device-a"

    func operation(_ seq: Int64, _ row: String, _ field: String, _ value: String, clock: Int = 0, device: String = device) -> OperationLog.Operation {
        OperationLog.Operation(deviceSeq: seq, hlc: "0000017731296\(String(format: "%05d", clock))-0000-\(device)",
                               table: "tasks", rowID: row, field: field, value: value)
    }

    func decoded(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test("Y-29: each row once, in the order its first field came, with every field's clock, value and number, its latest clock, highest number, count, sole writer and base")
    func rowsReadBack() throws {
        let awkward = PushJSONTests.awkward
        let operations = [
            operation(1, "row-1", "title", JSONText.quoted(awkward[1]), clock: 5),
            operation(2, "row-2", "notes@base", JSONText.quoted(awkward[2]), clock: 3),
            operation(3, "row-1", "notes", JSONText.quoted(awkward[3]), clock: 9, device: "device-b"),
            operation(4, "row-2", "notes", JSONText.quoted(awkward[6]), clock: 4),
            operation(5, "row-3", "_deleted", "true", clock: 1),
        ]
        let page = try PushPage(operations, device: Self.device, seal: nil)
        expectEqual(page.operationsJSON, "[]")
        let records = try decoded(page.recordsJSON)
        expectEqual(records.map { $0["r"] as? String }, ["row-1", "row-2", "row-3"])
        expectTrue(records.allSatisfy { $0["t"] as? String == "tasks" })
        for record in records {
            let fields = try #require(record["f"] as? [String: [String]])
            let numbers = try #require(record["s"] as? [String: Int64])
            let mine = operations.filter { $0.rowID == record["r"] as? String }
            expectEqual(fields, Dictionary(uniqueKeysWithValues: mine.map { ($0.field, [$0.hlc, $0.value]) }))
            expectEqual(numbers, Dictionary(uniqueKeysWithValues: mine.map { ($0.field, $0.deviceSeq) }))
            expectEqual(record["m"] as? String, mine.map(\.hlc).max())
            expectEqual((record["q"] as? NSNumber)?.int64Value, mine.map(\.deviceSeq).max())
            expectEqual(record["n"] as? Int, mine.count)
        }
        expectEqual(records.map { $0["w"] as? Bool }, [false, true, true], "row-1 holds a field device-b wrote")
        expectEqual(records.map { $0["b"] as? Bool }, [false, true, false])
    }

    @Test("Y-29 Y-17: a page that changes a field of a row twice goes one entry an operation, each change with its own base")
    func fieldTwiceGoesAsOperations() throws {
        let operations = [
            operation(1, "row-1", "notes@base", "\"a\""), operation(2, "row-1", "notes", "\"a\\nb\""),
            operation(3, "row-1", "notes@base", "\"a\\nb\""), operation(4, "row-1", "notes", "\"a\\nb\\nc\""),
        ]
        try expectEqual(PushPage.records(operations, device: Self.device, seal: nil), nil)
        let page = try PushPage(operations, device: Self.device, seal: nil)
        expectEqual(page.recordsJSON, "[]")
        try expectEqual(decoded(page.operationsJSON).map { ($0["s"] as? NSNumber)?.int64Value }, [1, 2, 3, 4])
        // The same field in two rows is no repeat.
        let two = [operation(1, "row-1", "title", "\"x\""), operation(2, "row-2", "title", "\"y\"")]
        try expectEqual(decoded(try #require(try PushPage.records(two, device: Self.device, seal: nil))).count, 2)
        // Nothing to send, or no device yet (a check): one entry an operation, empty.
        try expectEqual(PushPage([], device: Self.device, seal: nil).operationsJSON, "[]")
        try expectEqual(PushPage(two, device: nil, seal: nil).recordsJSON, "[]")
    }
}
