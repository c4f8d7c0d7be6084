@testable import CharflowWeb
import CharflowCore
import CharflowTestSupport
import Testing

/// The words the page names, against the words the server has (`PageWords`): the page shows no key as
/// text and keeps no word of its own, so a key it names that the server lacks is a fault found here, not
/// on a screen.
@Suite struct PageScriptWordsTests {
    /// The keys a module names in `say(…)` and `key(…)` (every string literal of the first argument, so
    /// both sides of `done ? "completed" : "reopened"`), and each call whose first argument joins text
    /// with `+`, which would hide a key from this check (a key picked by a value comes from a table of
    /// `key("…")`). Comments are left out: whole comment lines, and what follows ` // ` on a line.
    struct References {
        var keys: Set<String> = []
        var joined: [String] = []

        init(script: String) {
            let code = script.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*") { return "" }
                if let comment = line.range(of: " // ") { return line[..<comment.lowerBound] }
                return line
            }.joined(separator: "\n")
            let characters = Array(code)
            var index = 0
            while index < characters.count {
                if let start = Self.call(in: characters, at: index) {
                    index = read(argumentOf: characters, from: start)
                } else {
                    index += 1
                }
            }
        }

        init(shell html: String) {
            var rest = Substring(html)
            while let open = rest.range(of: "{{w:"), let close = rest[open.upperBound...].range(of: "}}") {
                keys.insert(String(rest[open.upperBound..<close.lowerBound]))
                rest = rest[close.upperBound...]
            }
        }

        /// Where the argument of a `say(` or `key(` call at `index` begins, if one begins there.
        private static func call(in characters: [Character], at index: Int) -> Int? {
            for name in ["say(", "key("] {
                let word = Array(name)
                guard index + word.count <= characters.count, Array(characters[index..<index + word.count]) == word else { continue }
                if index > 0 {
                    let before = characters[index - 1]
                    if before.isLetter || before.isNumber || before == "_" || before == "$" || before == "." { continue }
                }
                return index + word.count
            }
            return nil
        }

        /// Reads the first argument from `start`: its double-quoted literals are keys; a `+` outside any
        /// bracket or literal joins text. Returns where reading stopped.
        private mutating func read(argumentOf characters: [Character], from start: Int) -> Int {
            var index = start
            var depth = 0
            var joins = false
            while index < characters.count {
                let character = characters[index]
                if character == "\"" || character == "'" || character == "`" {
                    var end = index + 1
                    while end < characters.count, characters[end] != character {
                        end += characters[end] == "\\" ? 2 : 1
                    }
                    if character == "\"" { keys.insert(String(characters[(index + 1)..<min(end, characters.count)])) }
                    index = end + 1
                    continue
                }
                if "([{".contains(character) {
                    depth += 1
                } else if ")]}".contains(character) {
                    if depth == 0 { break }
                    depth -= 1
                } else if character == ",", depth == 0 {
                    break
                } else if character == "+", depth == 0 {
                    joins = true
                }
                index += 1
            }
            if joins { joined.append(String(characters[max(0, start - 4)..<min(index + 1, characters.count)])) }
            return index
        }
    }

    /// The keys the server's own page code names: `TodayPage` writes the quick-add places with it.
    static let namedByTheServer: Set<String> = ["quickRegionBucket"]

    static var pageReferences: References {
        var all = References(shell: PageAssets.Texts.page)
        for asset in PageAssets.Asset.allCases where asset.isScript {
            let one = References(script: asset.text)
            all.keys.formUnion(one.keys)
            all.joined += one.joined.map { "\(asset.rawValue): \($0)" }
        }
        return all
    }

    @Test("D15 W-17: every word key the page's modules and its shell name is one PageWords has, none is joined from pieces, and no word goes unused")
    func pageNamesOnlyServerWords() {
        let references = Self.pageReferences
        let server = Set(PageWords.all.map(\.key))
        expectEqual(references.keys.subtracting(server).sorted(), [], "the page names words the server does not have")
        expectEqual(references.joined, [], "a key built by joining text escapes this check: use a table of key(\"…\")")
        expectEqual(server.subtracting(references.keys).subtracting(Self.namedByTheServer).sorted(), [], "words no part of the page names")
    }

    @Test("D15: the check finds a key the server lacks, a key joined from pieces, and ignores comments")
    func checkFindsFaults() {
        let script = """
            // say("inAComment") is not a call
            const a = say("complete", { title }); // key("trailing")
            const b = say(done ? "completed" : "noSuchWord");
            const c = say("state." + kind);
            const d = keys("notACall") + monkey("norThis") + words.say("norThat");
            const e = { low: key("importance.low") };
            """
        let references = References(script: script)
        expectEqual(references.keys, ["complete", "completed", "noSuchWord", "state.", "importance.low"])
        expectEqual(references.joined.count, 1)
        expectEqual(References(shell: "<h1>{{w:brand}}</h1><p>{{w:noscript}} {{token}}</p>").keys, ["brand", "noscript"])
    }
}
