import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// What a push sends the hub (rule Y-29: one `hub_push` call with every operation as JSON) reads back
/// as exactly the operations, whatever their text holds.
@Suite("The JSON a push sends")
struct PushJSONTests {
    static let awkward = ["plain", "\"quoted\" and \\back\\", "line\nbreak\ttab\rreturn", "nul\u{0}bell\u{7}",
                          "del\u{7F} c1\u{85}", "Grüße, 日本, 🧪", "", "</script>"]

    func decoded(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test("Y-29: every operation reads back from the push's JSON with its number, clock, table, row, field and value, each character as it was")
    func operationsReadBack() throws {
        let operations = Self.awkward.enumerated().map { index, text in
            OperationLog.Operation(deviceSeq: Int64(index + 1) * 1_000_000_007, hlc: "000001772614800000-00000\(index)-device",
                                   table: "tasks", rowID: "row-\(text)", field: index % 2 == 0 ? "notes" : "title",
                                   value: text)
        }
        let objects = try decoded(try PushPage.operations(operations[...]))
        expectEqual(objects.count, operations.count)
        for (object, operation) in zip(objects, operations) {
            expectEqual((object["s"] as? NSNumber)?.int64Value, operation.deviceSeq)
            expectEqual(object["h"] as? String, operation.hlc)
            expectEqual(object["t"] as? String, operation.table)
            expectEqual(object["r"] as? String, operation.rowID)
            expectEqual(object["f"] as? String, operation.field)
            expectEqual(object["v"] as? String, operation.value)
        }
        try expectEmpty(decoded(try PushPage.operations([][...])))
    }
}
