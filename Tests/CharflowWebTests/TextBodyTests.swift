import CharflowTestSupport
import Foundation
import Testing

/// Text sent through the API is kept whole or refused naming its field, never cut (B-1, X-5).
@Suite struct TextBodyTests {
    @Test("B-1 X-5 W-5 text holding a NUL is refused naming its field, in every body, and nothing changes",
          arguments: ["title", "notes", "note", "habit notes", "edit notes", "category", "window", "setting"])
    func nulRefused(_ which: String) throws {
        let (local, task) = try StrictBodyTests.served()
        defer { local.stop() }
        let nul = #"first \u0000second"#
        let (path, body, field): (String, String, String) = switch which {
        case "title": ("/api/tasks", #"{"title": "\#(nul)"}"#, "title")
        case "notes": ("/api/tasks", #"{"title": "Kept whole", "notes": "\#(nul)"}"#, "notes")
        case "note": ("/api/tasks/\(task)/note", #"{"text": "\#(nul)"}"#, "text")
        case "habit notes": ("/api/habits/new", #"{"title": "Tea", "notes": "\#(nul)"}"#, "notes")
        case "edit notes": ("/api/tasks/\(task)/edit", #"{"notes": "\#(nul)"}"#, "notes")
        case "category": ("/api/categories/new", #"{"name": "\#(nul)"}"#, "name")
        case "window": ("/api/habits/Water/log", #"{"window": "\#(nul)"}"#, "window")
        default: ("/api/settings/review-time", #"{"value": "\#(nul)"}"#, "value")
        }
        let before = local.storeBytes()
        let answer = try local.post(path, body)
        expectEqual(answer.status, 400, "\(path) \(body): \(answer.body)")
        expectEqual(answer.error()?.code, "bad_field", "\(answer.body)")
        expectEqual(answer.error()?.message, "Field \"\(field)\" holds a NUL character (U+0000), which text cannot keep; remove it. Nothing was changed.", "\(answer.body)")
        expectEqual(local.storeBytes(), before, "\(path) changed the store")
    }

    @Test("B-1 X-5 notes with every other character are kept whole through the API")
    func notesKeptWhole() throws {
        let (local, _) = try StrictBodyTests.served()
        defer { local.stop() }
        let added = try local.post("/api/tasks", #"{"title": "Kept whole", "notes": "first\tsecond\nthird \u0001 fourth"}"#)
        expectEqual(added.status, 200, "\(added.body)")
        try expectEqual(added.json()["notes"] as? String, "first\tsecond\nthird \u{1} fourth")
    }
}
