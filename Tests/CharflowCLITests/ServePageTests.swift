import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("serve · the page's files and quick add over HTTP (W-9, D17)")
struct ServePageTests {
    @Test("W-9: POST /api/parse answers the dry run's document as of the server's clock and changes nothing")
    func parseRoute() throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let before = server.storeBytes()
        let answer = try server.send("POST", "/api/parse", json: #"{"parse": "Call the bank !high ~30m @tomorrow #Work"}"#)
        expectEqual(answer.status, 200, "\(answer.body)")
        let web = try answer.json()
        let cli = try runner.json(["add", "--parse", "Call the bank !high ~30m @tomorrow #Work", "--dry-run"])
        expectTrue(NSDictionary(dictionary: web).isEqual(to: cli), "web: \(answer.body)")
        expectEqual(web["dueDate"] as? String, "2026-12-01")
        expectEqual(web["action"], nil)
        let refused = try server.send("POST", "/api/parse", json: #"{"parse": "Call the bank !urgent"}"#)
        expectEqual(refused.status, 400)
        try expectEqual(refused.errorCode(), "bad_token")
        expectEqual(server.storeBytes(), before)
    }

    @Test("W-9: POST /api/tasks with a parse line adds the task the line names and answers its action")
    func addByLine() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let answer = try server.send("POST", "/api/tasks", json: #"{"parse": "Pay rent ~15 @today", "region": "evening", "bucket": "misc"}"#)
        expectEqual(answer.status, 200, "\(answer.body)")
        let task = try answer.json()
        expectEqual(task["title"] as? String, "Pay rent")
        expectEqual(task["effortMinutes"] as? Int, 15)
        expectTrue(task["action"] is String)
        let today = try runner.json(["today"])
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "evening", "misc")), ["Pay rent"])
    }

    @Test("D17 W-2: the script and style sheet are served from the binary with the CSP, and 401 without the cookie; the page links them and carries the board as data")
    func assets() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        _ = try runner.add("Finish <proposal> & more", ["--region", "morning", "--bucket", "must"])
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        for (path, type) in [("/main.mjs", "text/javascript; charset=utf-8"), ("/words.mjs", "text/javascript; charset=utf-8"),
                             ("/app.css", "text/css; charset=utf-8")] {
            let answer = try server.send("GET", path)
            expectEqual(answer.status, 200)
            expectEqual(answer.header("Content-Type"), type)
            expectEqual(answer.header("Content-Security-Policy"), ServedCharflow.policy)
            expectTrue(answer.body.count > 1000)
        }
        try expectEqual(server.send("GET", "/main.mjs", cookie: .some(nil)).status, 401)
        let page = try server.send("GET", "/")
        // The scripts are ES modules: the entry, and a preload of each module it imports.
        // Each at its address of this build (`/v/VERSION/`), which the browser keeps for good.
        let version = try #require(page.body.firstMatch(of: /src="\/v\/([0-9a-f]{16})\/main\.mjs"/)?.1)
        #expect(page.body.contains(#"<script type="module" src="/v/\#(version)/main.mjs"></script>"#))
        #expect(page.body.contains(#"<link rel="modulepreload" href="/v/\#(version)/words.mjs">"#))
        #expect(page.body.contains(#"<link rel="stylesheet" href="/v/\#(version)/app.css">"#))
        #expect(page.body.contains(#"<link rel="stylesheet" href="/v/\#(version)/habits.css">"#))
        // The title is data inside a script element: no raw < or & in it.
        #expect(page.body.contains(#"Finish \u003cproposal\u003e \u0026 more"#))
        expectLacks(page.body, "<proposal>")
        expectLacks(page.body, "<script>", "no inline script that the CSP would block")
    }

    @Test("D15 W-17: the shell's headings, labels, shortcuts and help come from PageWords, escaped, and the first paint says the same as before")
    func shellWords() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let page = try server.send("GET", "/").body
        for key in ["skipLink", "shortcutsTitle", "shortcutReorder", "shortcutClose", "quickLabel", "dueTitle", "habitsTitle",
                    "backlogSearch", "noscript", "reorderHelp"] {
            let text = PageWords.text(key).replacingOccurrences(of: "&", with: "&amp;")
            expectContains(page, ">\(text)<", "\(key) is not in the shell")
        }
        expectContains(page, "<title>Charflow · Today</title>")
        #expect(page.contains(##"<a class="skip" href="#main">Skip to today’s board</a>"##))
        #expect(page.contains(#"<option value="afternoon/misc">Afternoon, Misc</option>"#))
        #expect(page.contains(#"<option value="morning/must">Morning, Must-Do</option>"#))
        // The 1–3–5 limits come with Today's answer (W-24: the page counts against them, it keeps no copy).
        expectLacks(page, "charflow-limits")
        #expect(page.contains(##"A backslash keeps a sign in the title: \#42.</p>"##))
        expectEqual(PageWords.text("pageTitle", ["screen": "Backlog"]), "Charflow · Backlog")
        expectEqual(PageWords.text("no such key"), "no such key")
        let keys = PageWords.all.map(\.key)
        expectEqual(Set(keys).count, keys.count, "a key is listed twice")
        expectTrue(!PageWords.all.contains { $0.text.contains("! ") || $0.text.hasSuffix("!") }, "calm voice: no exclamation")
    }
}
