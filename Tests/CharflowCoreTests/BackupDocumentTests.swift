import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// A backup's outline is found without parsing its rows, and each row is parsed when it is reached.
@Suite("Backup document read row by row (X-5)")
struct BackupDocumentTests {
    static func document(_ text: String) throws(ImportError) -> BackupDocument {
        try BackupDocument(Data(text.utf8))
    }

    static func rows(_ document: BackupDocument, _ table: String) throws -> [Any] {
        var rows: [Any] = []
        try document.forEachRow(of: table) { index, row in
            expectEqual(index, rows.count)
            rows.append(row)
        }
        return rows
    }

    @Test("X-5 the outline gives format, version and each table; rows come in order, strings with brackets and escapes intact")
    func outline() throws {
        let text = #"""
        { "tables": { "tasks": [ {"title": "a ] } [ { \" quoted"}, {"title": "b\\"} ], "settings": [] },
          "version": 1, "format": "charflow-backup" }
        """#
        let document = try Self.document(text)
        expectEqual(document.format as? String, "charflow-backup")
        expectEqual(document.version as? Int, 1)
        expectEqual(Set(document.tables?.keys.map { $0 } ?? []), ["tasks", "settings"])
        let titles = try Self.rows(document, "tasks").compactMap { ($0 as? [String: Any])?["title"] as? String }
        expectEqual(titles, ["a ] } [ { \" quoted", "b\\"])
        expectTrue(try Self.rows(document, "settings").isEmpty)
        expectTrue(try Self.rows(document, "habits").isEmpty, "a table the file lacks has no rows")
    }

    @Test("X-5 a file that is not one JSON object is refused at the file", arguments: [
        "", "   ", "{", "{\"tables\": {\"tasks\": [", "{} {}", "{\"a\" 1}", "{\"a\": 1,}", "{\"a\": [1, 2}", "{\"a\": \"open}",
        "{\"a\": tru}",
    ])
    func invalid(_ text: String) {
        #expect(throws: ImportError(place: "file", message: "not valid JSON")) { try Self.document(text) }
    }

    @Test("X-5 a JSON value that is not an object is no backup")
    func notAnObject() {
        #expect(throws: ImportError(place: "file", message: "a Charflow backup is a JSON object")) { try Self.document("[1, 2]") }
    }

    @Test("X-5 tables that are no object read as missing; a table that is no list is refused by name")
    func shapes() throws {
        try expectEqual(Self.document(#"{"tables": [1]}"#).tables, nil)
        let document = try Self.document(#"{"tables": {"tasks": {"id": 1}}}"#)
        #expect(throws: ImportError(place: "tasks", message: "must be a list of rows")) { try Self.rows(document, "tasks") }
    }

    @Test("X-5 a broken row is refused at its place, and the rows after it are never read")
    func stopsAtTheFirstBrokenRow() throws {
        let document = try Self.document(#"{"tables": {"tasks": [{"id": 1}, {"id": tru}, {"id": 3}]}}"#)
        var reached: [Int] = []
        #expect(throws: ImportError(place: "tasks[2]", message: "not valid JSON")) {
            try document.forEachRow(of: "tasks") { index, _ in reached.append(index) }
        }
        expectEqual(reached, [0])
        var stopped: [Int] = []
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try document.forEachRow(of: "tasks") { index, _ in stopped.append(index); throw Refused() }
        }
        expectEqual(stopped, [0])
    }
}
