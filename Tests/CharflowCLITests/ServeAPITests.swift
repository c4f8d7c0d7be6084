import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The JSON API of `charflow serve` against the CLI's own `--json` (issue 13, W-5, W-15).
@Suite("serve · the API (W-5, W-15)")
struct ServeAPITests {
    /// A store with something in every part of Today: board tasks, a done one, due and overdue tasks, the
    /// Backlog, a habit and a running session.
    func busyStore(_ runner: CharflowRunner) throws -> (must: String, misc: String) {
        let must = try runner.add("Finish proposal", ["--region", "morning", "--bucket", "must"])
        let misc = try runner.add("Water plants", ["--region", "morning"])
        try runner.add("Call the bank", ["--region", "afternoon", "--bucket", "complementary"])
        try runner.add("Pay rent", ["--due", "today"])
        try runner.add("Old letter", ["--due", "2026-11-27"], now: "2026-11-26T09:00")
        try runner.add("Someday idea")
        try expectEqual(runner.run(["habit", "add", "Water", "--kind", "counted", "--target", "8"]).status, 0)
        try expectEqual(runner.run(["done", misc]).status, 0)
        try expectEqual(runner.run(["begin", must], now: "2026-11-30T08:30").status, 0)
        return (must, misc)
    }

    @Test("W-5: GET /api/today is `charflow today --json` for the same store and clock (Sunday-first week, DST zone)")
    func todayMatchesCLI() throws {
        var runner = try CharflowRunner(timeZone: "America/New_York")
        runner.language = "en_US.UTF-8"
        defer { runner.removeFolder() }
        _ = try busyStore(runner)
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let answer = try server.send("GET", "/api/today")
        expectEqual(answer.status, 200)
        expectEqual(answer.header("Content-Type"), "application/json; charset=utf-8")
        let web = try answer.json()
        // The API read first: it marks nothing seen, so the CLI sees the same signals.
        let cli = try runner.json(["today"])
        expectTrue(NSDictionary(dictionary: web).isEqual(to: cli), "web: \(answer.body)")
        // The page shows the same board.
        let page = try server.send("GET", "/")
        for title in ["Finish proposal", "Water plants", "Call the bank"] { expectContains(page.body, title) }
        let habits = try server.send("GET", "/api/habits")
        expectTrue(NSDictionary(dictionary: try habits.json()).isEqual(to: try runner.json(["habits"])), "\(habits.body)")
    }

    @Test("W-5: a read's query carries the CLI's options: ?all=1 is --all, ?weeks=N and ?day=… their values")
    func queryOptions() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        defer { runner.removeFolder() }
        let habit = try runner.addHabit("Stretch", now: "2026-11-30T09:00")
        try expectEqual(runner.run(["habit", "archive", habit]).status, 0)
        let dentist = try runner.add("Dentist")
        try expectEqual(runner.run(["plan", "tomorrow", dentist, "--region", "evening"]).status, 0)
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        for (path, words) in [
            ("/api/habits?all=1", ["habits", "--all"]),
            ("/api/habits", ["habits"]),
            ("/api/habits/\(habit)/grid?weeks=4", ["habit", "grid", habit, "--weeks", "4"]),
            ("/api/region/evening?day=tomorrow", ["region", "evening", "--day", "tomorrow"]),
        ] {
            let answer = try server.send("GET", path)
            expectEqual(answer.status, 200, "\(path): \(answer.body)")
            // Compared as canonical JSON: Foundation's dictionary equality is unreliable for deep nesting.
            let canonical = { (object: [String: Any]) in
                String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
            }
            try expectEqual(canonical(try answer.json()), (try canonical(try runner.json(words))), "\(path)")
        }
        try expectContains(server.send("GET", "/api/habits?all=1").body, "Stretch")
        expectTrue(!(try server.send("GET", "/api/habits").body.contains("Stretch")))
        try expectContains(server.send("GET", "/api/region/evening?day=tomorrow").body, "Dentist")
        expectTrue(!(try server.send("GET", "/api/region/evening").body.contains("Dentist")))
        // A bad value is refused as the CLI refuses it, with nothing changed.
        let refused = try server.send("GET", "/api/habits/\(habit)/grid?weeks=0")
        expectEqual(refused.status, 400, "\(refused.body)")
        try expectEqual(refused.errorCode(), "out_of_range")
    }

    @Test("A-2: POST /api/seen records as seen only the signals the page names; reading Today marks nothing")
    func markShown() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        defer { runner.removeFolder() }
        let task = try runner.add("Learn the banjo", ["--due", "today"], now: "2026-11-26T09:00")
        for day in 26...29 {
            try expectEqual(runner.run(["defer", task, "--to", "tomorrow"], now: "2026-11-\(day)T10:00").status, 0)
        }
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let pending = { try (runner.json(["today"])["signals"] as? [[String: Any]] ?? []).map { $0["kind"] as? String ?? "" } }
        try expectEqual(pending(), ["stale"])
        _ = try server.send("GET", "/api/today")
        try expectEqual(pending(), ["stale"], "a read marked a signal seen")
        // A name the page did not show (another task, another kind) marks nothing.
        for wrong in ["stale:00000000-0000-0000-0000-000000000000", "stale", "suggestRemoval:\(task)"] {
            let answer = try server.send("POST", "/api/seen", json: #"{"shown": ["\#(wrong)"]}"#)
            expectEqual(answer.status, 200, "\(answer.body)")
            try expectEqual(answer.json()["marked"] as? Int, 0, "\(wrong): \(answer.body)")
        }
        try expectEqual(pending(), ["stale"])
        let marked = try server.send("POST", "/api/seen", json: #"{"shown": ["stale:\#(task)"]}"#)
        try expectEqual(marked.json()["marked"] as? Int, 1, "\(marked.body)")
        try expectEqual(pending(), [])
    }

    @Test("W-5: every task action answers the CLI's task document with the action's number")
    func writesAnswerWithAction() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let added = try server.send("POST", "/api/tasks", json: #"{"title": "Plan the week", "region": "evening", "bucket": "must", "importance": "high", "effort": 30}"#)
        expectEqual(added.status, 200, "\(added.body)")
        let task = try added.json()
        let id = try #require(task["id"] as? String)
        let shown = try runner.json(["show", id])
        expectEqual(task["title"] as? String, "Plan the week")
        expectEqual(task["region"] as? String, "evening")
        expectEqual(task["effortMinutes"] as? Int, 30, "\(added.body)")
        expectEqual(shown["id"] as? String, id)
        // The same document as the CLI's `add --json`, plus the action.
        let cli = try runner.json(["add", "From the terminal", "--region", "evening"])
        expectEqual(Set(task.keys), Set(cli.keys).union(["action"]))
        var actions: [Int] = [try #require((task["action"] as? String).flatMap { Int($0) }, "\(added.body)")]
        let steps: [(String, String)] = [
            ("note", #"{"text": "Asked Sam"}"#), ("edit", #"{"notes": "- [ ] draft\n- [ ] send"}"#),
            ("check", #"{"item": 1}"#), ("edit", #"{"title": "Plan the month"}"#), ("move", #"{"region": "morning", "bucket": "must"}"#),
            ("reorder", #"{"position": 1}"#), ("done", "{}"), ("undone", "{}"), ("defer", "{}"), ("delete", "{}"),
        ]
        for (action, body) in steps {
            let answer = try server.send("POST", "/api/tasks/\(id.prefix(8))/\(action)", json: body)
            expectEqual(answer.status, 200, "\(action): \(answer.body)")
            let document = try answer.json()
            expectEqual(document["id"] as? String, id, "\(action)")
            let number = try #require((document["action"] as? String).flatMap { Int($0) }, "\(action): \(answer.body)")
            expectTrue(number > actions.last!, "\(action)")
            actions.append(number)
        }
        // The CLI sees the result: deleted.
        expectTrue(!(try runner.json(["show", id])["droppedAt"] is NSNull))
    }

    @Test("W-5: a refusal is a 4xx with the CLI's code and message, and changes nothing")
    func refusalsMatchCLI() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        try runner.add("Only must", ["--region", "morning", "--bucket", "must"])
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let cases: [(path: String, body: String, cli: [String], status: Int)] = [
            ("/api/tasks", #"{"title": "Second must", "region": "morning", "bucket": "must"}"#,
             ["add", "Second must", "--region", "morning", "--bucket", "must"], 409),
            ("/api/tasks", #"{"title": "x", "region": "attic"}"#, ["add", "x", "--region", "attic"], 400),
            ("/api/tasks/ffffffff/done", "{}", ["done", "ffffffff"], 404),
            ("/api/tasks", #"{"title": "x", "due": "whenever"}"#, ["add", "x", "--due", "whenever"], 400),
        ]
        for item in cases {
            let before = server.storeBytes()
            let answer = try server.send("POST", item.path, json: item.body)
            expectEqual(answer.status, item.status, "\(item.path) \(answer.body)")
            expectEqual(server.storeBytes(), before, "\(item.path) changed the store")
            let cli = try runner.run(item.cli + ["--json"])
            expectEqual(cli.status, 1)
            let (code, message) = try cli.errorDocument()
            let error = try #require(try answer.json()["error"] as? [String: Any])
            expectEqual(error["code"] as? String, code)
            expectEqual(error["message"] as? String, message)
        }
        // What the CLI would call usage is a 400 naming what is missing, in words without flags.
        let reorder = try server.send("POST", "/api/tasks/ffffffff/reorder", json: "{}")
        expectEqual(reorder.status, 400)
        try expectEqual(reorder.errorCode(), "missing_option")
        expectLacks(reorder.body, "--")
        try expectEqual(server.send("POST", "/api/tasks", json: #"{"title": {"nested": 1}}"#).status, 400)
    }

    @Test("W-15: POST /api/undo undoes the action it names, and refuses when a later action touched its task")
    func undoByAction() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let added = try server.send("POST", "/api/tasks", json: #"{"title": "Undo me", "region": "morning"}"#).json()
        let id = try #require(added["id"] as? String)
        let addAction = try #require(added["action"] as? String)
        let done = try server.send("POST", "/api/tasks/\(id)/done", json: "{}").json()
        let doneAction = try #require(done["action"] as? String)
        // The add has a later action on its task: refused, nothing changed.
        var before = server.storeBytes()
        let early = try server.send("POST", "/api/undo", json: #"{"action": "\#(addAction)"}"#)
        expectEqual(early.status, 409)
        try expectEqual(early.errorCode(), "undo_blocked")
        expectEqual(server.storeBytes(), before)
        // A change made elsewhere to another task does not block the page's undo of its own action.
        try runner.add("From the terminal")
        // The action goes back as the write answered it, a string; a number is refused naming the field.
        before = server.storeBytes()
        let number = try server.send("POST", "/api/undo", json: #"{"action": \#(doneAction)}"#)
        expectEqual(number.status, 400)
        try expectEqual(number.errorCode(), "bad_field")
        expectContains(number.body, "action")
        expectEqual(server.storeBytes(), before)
        let undone = try server.send("POST", "/api/undo", json: #"{"action": "\#(doneAction)"}"#)
        expectEqual(undone.status, 200, "\(undone.body)")
        try expectEqual(runner.json(["show", id])["isCompleted"] as? Bool, false)
        // A change made in the terminal to the same task blocks the page's undo of the add.
        try expectEqual(runner.run(["edit", id, "--title", "Renamed in the terminal"]).status, 0)
        before = server.storeBytes()
        let blocked = try server.send("POST", "/api/undo", json: #"{"action": "\#(addAction)"}"#)
        expectEqual(blocked.status, 409)
        expectEqual(server.storeBytes(), before)
        // The same action twice: the journal no longer holds it.
        let twice = try server.send("POST", "/api/undo", json: #"{"action": "\#(doneAction)"}"#)
        expectEqual(twice.status, 409)
        try expectEqual(twice.errorCode(), "undo_unknown")
        try expectEqual(server.send("POST", "/api/undo", json: #"{"action": "soon"}"#).status, 400)
    }

    @Test("W-5: sessions, habits, settings and the plan answer through their routes as the CLI does")
    func otherRoutes() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let task = try runner.add("Focus on this", ["--region", "morning"])
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let begun = try server.send("POST", "/api/sessions/begin", json: #"{"task": "\#(task)"}"#)
        expectEqual(begun.status, 200, "\(begun.body)")
        expectContains(begun.body, "\"action\"")
        let status = try server.send("GET", "/api/status")
        expectTrue(NSDictionary(dictionary: try status.json()).isEqual(to: try runner.json(["status"])), "\(status.body)")
        try expectEqual(server.send("POST", "/api/sessions/pause", json: "{}").status, 200)
        try expectEqual(server.send("POST", "/api/sessions/finish", json: #"{"stop": true}"#).status, 200)
        let habit = try server.send("POST", "/api/habits/new", json: #"{"title": "Water", "kind": "counted", "target": 8}"#)
        expectEqual(habit.status, 200, "\(habit.body)")
        let logged = try server.send("POST", "/api/habits/Water/log", json: #"{"count": 2}"#)
        expectEqual(logged.status, 200, "\(logged.body)")
        let habits = try server.send("GET", "/api/habits")
        expectTrue(NSDictionary(dictionary: try habits.json()).isEqual(to: try runner.json(["habits"])), "\(habits.body)")
        let setting = try server.send("POST", "/api/settings/rollover-time", json: #"{"value": "04:00"}"#)
        expectEqual(setting.status, 200, "\(setting.body)")
        try expectEqual(runner.json(["settings", "rollover-time"])["rollover-time"] as? String, "04:00")
        for path in ["/api/backlog", "/api/settings", "/api/plan", "/api/tasks/\(task)", "/api/region/morning"] {
            let answer = try server.send("GET", path)
            expectEqual(answer.status, 200, "\(path): \(answer.body)")
        }
        let region = try server.send("GET", "/api/region/morning")
        // Compared as two NSDictionary values: `isEqual(to:)` with a Swift dictionary tells this one apart
        // from itself on this Foundation, though every key's value is equal.
        expectEqual(NSDictionary(dictionary: try region.json()), NSDictionary(dictionary: try runner.json(["region", "morning"])), "\(region.body)")
        let backlog = try server.send("GET", "/api/backlog")
        expectTrue(NSDictionary(dictionary: try backlog.json()).isEqual(to: try runner.json(["backlog"])))
    }
}
