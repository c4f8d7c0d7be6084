import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("JSON string literals")
struct JSONTextTests {
    @Test("Quotes, backslashes, control characters, DEL and C1 controls are escaped; other text, any script, goes as it is")
    func escapes() {
        expectEqual(JSONText.quoted("plain"), "\"plain\"")
        expectEqual(JSONText.quoted("\"title\""), "\"\\\"title\\\"\"")
        expectEqual(JSONText.quoted("a\\b\nc\rd\te"), "\"a\\\\b\\nc\\rd\\te\"")
        expectEqual(JSONText.quoted("nul\u{0}bell\u{7}del\u{7F}"), "\"nul\\u0000bell\\u0007del\\u007f\"")
        expectEqual(JSONText.quoted("c1\u{85}\u{9F} nbsp\u{A0}"), "\"c1\\u0085\\u009f nbsp\u{A0}\"")
        expectEqual(JSONText.quoted("Grüße, 日本, 🧪 \"x\""), "\"Grüße, 日本, 🧪 \\\"x\\\"\"")
        expectEqual(JSONText.quoted("é\u{301}\""), "\"é\u{301}\\\"\"")
        expectEqual(JSONText.quoted(""), "\"\"")
    }

    @Test("Every string reads back through a JSON parser as it was")
    func readsBack() throws {
        var texts = ["\"\\\n", "\u{85}\u{7F}x", "日本\"語\"", "🧪\u{1}"]
        for scalar in [0x0, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xFF, 0x2028, 0xFFFD] {
            texts.append("a" + String(UnicodeScalar(scalar)!) + "\"b")
        }
        for text in texts {
            let decoded = try JSONSerialization.jsonObject(with: Data(("[" + JSONText.quoted(text) + "]").utf8)) as? [String]
            expectEqual(decoded, [text], "\(text.unicodeScalars.map(\.value))")
        }
    }
}
