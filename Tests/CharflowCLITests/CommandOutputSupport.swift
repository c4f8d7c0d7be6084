import CharflowStore
import Foundation
import Testing

// Helpers shared by the command line tests (user stories, rollover, bad input, time zones): reading a
// command's output and refusals. Every assertion about behaviour stays in the tests.

/// The exact refusal of a full region (spec D2, FR-1.1.4).
func regionFullMessage(_ region: String) -> String {
    "\(region) region full (1 Must-Do, 3 Complementary, 5 Misc)"
}

extension CharflowRunner.Result {
    /// The lines written to stderr, without the final newline.
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// The refusal as the user reads it: the one stderr line without a leading `charflow: `.
    var refusalMessage: String {
        let line = stderrLines.first ?? ""
        return line.hasPrefix("charflow: ") ? String(line.dropFirst("charflow: ".count)) : line
    }

    /// The `{"error": {"code": ..., "message": ...}}` document printed on stdout with `--json`.
    func errorDocument() throws -> (code: String, message: String) {
        let object = try json()
        let error = try #require(object["error"] as? [String: Any], "no error object in \(stdout)")
        return (try #require(error["code"] as? String), try #require(error["message"] as? String))
    }
}

extension CharflowRunner {
    /// Removes the runner's temporary folder (call with `defer` once a test is done with it).
    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `arguments` that must be refused as an action (exit 1), checks the message is one line
    /// on stderr, the `--json` form carries the same message, and the store is unchanged in content.
    ///
    /// Returns the message and the JSON error code.
    @discardableResult
    func expectRefused(
        _ arguments: [String], now: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (message: String, code: String) {
        let before = try contents()
        let text = try run(arguments, now: now)
        #expect(text.status == 1, "exit \(text.status) for \(arguments): \(text.stderr)", sourceLocation: sourceLocation)
        #expect(text.stdout.isEmpty, "stdout of a refusal: \(text.stdout)", sourceLocation: sourceLocation)
        #expect(text.stderrLines.count == 1, "not one line: \(text.stderr)", sourceLocation: sourceLocation)
        #expect(!text.refusalMessage.isEmpty, sourceLocation: sourceLocation)
        #expect(try contents() == before, "the store changed after \(arguments)", sourceLocation: sourceLocation)

        // `--json` goes first so that an option expecting a value can never swallow it.
        let json = try run(["--json"] + arguments, now: now)
        #expect(json.status == 1, sourceLocation: sourceLocation)
        let document = try json.errorDocument()
        #expect(document.message == text.refusalMessage, sourceLocation: sourceLocation)
        #expect(json.refusalMessage == text.refusalMessage, sourceLocation: sourceLocation)
        #expect(try contents() == before, "the store changed after --json \(arguments)", sourceLocation: sourceLocation)
        return (text.refusalMessage, document.code)
    }

    /// `show ID --json`.
    func show(_ id: String, now: String) throws -> [String: Any] {
        try json(["show", id], now: now)
    }

    /// `backlog --json` as group name → titles, checking each group's `count` against its tasks.
    func backlogGroups(now: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: [String]] {
        let backlog = try json(["backlog"], now: now)
        let groups = try #require(backlog["groups"] as? [[String: Any]], sourceLocation: sourceLocation)
        var result: [String: [String]] = [:]
        for group in groups {
            let name = try #require(group["name"] as? String, sourceLocation: sourceLocation)
            let tasks = group["tasks"] as? [[String: Any]] ?? []
            #expect(group["count"] as? Int == tasks.count, "group \(name) count", sourceLocation: sourceLocation)
            result[name] = JSONPath.titles(tasks)
        }
        return result
    }

    /// Every task of `backlog --json`, whatever its group.
    func backlogTasks(now: String) throws -> [[String: Any]] {
        let backlog = try json(["backlog"], now: now)
        return (backlog["groups"] as? [[String: Any]] ?? []).flatMap { $0["tasks"] as? [[String: Any]] ?? [] }
    }

    /// Inserts a copy of task `id` under `newID`, straight into the store (for fixtures the commands
    /// cannot make on demand, such as two ids that share a prefix).
    func insertTwin(of id: String, as newID: String, title: String) throws {
        let db = try Database(path: storePath)
        try db.execute("CREATE TEMP TABLE twin AS SELECT * FROM tasks WHERE id = '\(id)'")
        try db.run("UPDATE twin SET id = ?, title = ?", [.text(newID), .text(title)])
        try db.execute("INSERT INTO tasks SELECT * FROM twin")
        try db.execute("DROP TABLE twin")
    }
}

/// Per-region counts of a board in `today --json` or `region NAME --json`.
struct BucketCounts: Equatable, CustomStringConvertible {
    var mustDo: Int
    var complementary: Int
    var misc: Int

    init(_ mustDo: Int, _ complementary: Int, _ misc: Int) {
        self.mustDo = mustDo
        self.complementary = complementary
        self.misc = misc
    }

    /// Counts of a region object (`{"mustDo": [...], "complementary": [...], "misc": [...]}`).
    init(region object: [String: Any]) {
        self.init(JSONPath.tasks(object, "mustDo").count, JSONPath.tasks(object, "complementary").count,
                  JSONPath.tasks(object, "misc").count)
    }

    /// Counts of one region of `today --json`.
    init(today: [String: Any], _ region: String) {
        self.init(region: (today["regions"] as? [String: Any])?[region] as? [String: Any] ?? [:])
    }

    var description: String { "\(mustDo)/\(complementary)/\(misc)" }
}

/// The `progress` object of a board or region: total, completed, percent.
func progressOf(_ object: [String: Any]) -> [Int] {
    let progress = object["progress"] as? [String: Any] ?? [:]
    return [progress["total"] as? Int ?? -1, progress["completed"] as? Int ?? -1, progress["percent"] as? Int ?? -1]
}

/// A region object of `today --json`.
func regionObject(_ today: [String: Any], _ region: String) -> [String: Any] {
    (today["regions"] as? [String: Any])?[region] as? [String: Any] ?? [:]
}
