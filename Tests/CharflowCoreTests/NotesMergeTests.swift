import CharflowCore
import CharflowTestSupport
import Testing

/// Notes merged by lines against the value both sides last shared (rule Y-17).
@Suite("Notes merge by lines (Y-17)")
struct NotesMergeTests {
    @Test("Y-17: lines added on both sides are kept, the earlier side's first")
    func bothAdditionsKept() {
        let merged = NotesMerge.merge(base: "a\nb", earlier: "a\nb\nfrom one", later: "a\nb\nfrom two")
        expectEqual(merged, "a\nb\nfrom one\nfrom two")
    }

    @Test("Y-17: a line removed on one side and untouched on the other is removed; the other side's addition stays")
    func removalAndAddition() {
        expectEqual(NotesMerge.merge(base: "a\nb\nc", earlier: "a\nc", later: "a\nb\nc\nd"), "a\nc\nd")
        expectEqual(NotesMerge.merge(base: "a\nb\nc", earlier: "a\nb\nc\nd", later: "a\nc"), "a\nc\nd")
    }

    @Test("Y-17: a removed line goes though it was the only line of the base and the other side added before it or after it")
    func removalWithNoLineKeptByBoth() {
        // One device wrote a line and took it back (undo); another wrote its own meanwhile.
        expectEqual(NotesMerge.merge(base: "written then undone", earlier: "mine\nwritten then undone", later: nil), "mine")
        expectEqual(NotesMerge.merge(base: "written then undone", earlier: nil, later: "written then undone\nmine"), "mine")
        expectEqual(NotesMerge.merge(base: "a\nb", earlier: "a\nb\nc", later: "a"), "a\nc")
        // A line both sides removed goes, one both still hold stays, each addition where its side put it.
        expectEqual(NotesMerge.merge(base: "x\ny", earlier: "y\nnew one", later: "new two\ny"), "new two\ny\nnew one")
    }

    @Test("Y-17: a line changed on both sides keeps both versions")
    func bothChangesKept() {
        expectEqual(NotesMerge.merge(base: "a\nmeet at 5\nc", earlier: "a\nmeet at 6\nc", later: "a\nmeet at 7\nc"), "a\nmeet at 6\nmeet at 7\nc")
    }

    @Test("Y-17: checklist ticks merge per item; an item ticked on one side and unticked on the other goes as the later side has it")
    func ticksPerItem() {
        let base = "- [ ] milk\n- [ ] eggs\n- [ ] bread"
        expectEqual(NotesMerge.merge(base: base, earlier: "- [x] milk\n- [ ] eggs\n- [ ] bread",
                                 later: "- [ ] milk\n- [x] eggs\n- [x] bread"), "- [x] milk\n- [x] eggs\n- [x] bread")
        expectEqual(NotesMerge.merge(base: "- [x] milk", earlier: "- [ ] milk\nnote", later: "- [x] milk\nother"), "- [ ] milk\nnote\nother")
    }

    @Test("Y-17: the result is the same whichever side is local: only which change is earlier decides")
    func sameOnEveryDevice() {
        let base = "one\ntwo\nthree"
        let x = "one\n2\nthree\nfour", y = "zero\none\nthree\nfive"
        let merged = NotesMerge.merge(base: base, earlier: x, later: y)
        expectEqual(merged, "zero\none\n2\nthree\nfour\nfive")
        // A device that already holds the merge and receives either side keeps it.
        expectEqual(NotesMerge.merge(base: x, earlier: x, later: merged), merged)
        expectEqual(NotesMerge.merge(base: y, earlier: merged, later: y), merged)
    }

    @Test("Y-17: one side unchanged takes the other's value whole, none included")
    func oneSideUnchanged() {
        expectEqual(NotesMerge.merge(base: "a", earlier: "a", later: nil), nil)
        expectEqual(NotesMerge.merge(base: nil, earlier: nil, later: "new"), "new")
        expectEqual(NotesMerge.merge(base: "a", earlier: "b", later: "b"), "b")
    }

    @Test("Y-17: a line both sides added on either side of another is kept once, never more often than a side holds it")
    func neverDoubled() {
        // B's note, A's, B's again, synced in turns: A merges B's later value against the one it had seen.
        expectEqual(NotesMerge.merge(base: "List\nA two", earlier: "List\nB one\nA two\nB three",
                                 later: "List\nA two\nB one\nB three"), "List\nB one\nA two\nB three")
        // A line a side holds twice may stay twice; a third copy never comes.
        expectEqual(NotesMerge.merge(base: "x", earlier: "x\nsame\nsame", later: "same\nx\nsame")?
                    .split(separator: "\n").filter { $0 == "same" }.count, 2)
        // A checklist item moved and ticked on the later side is one item, ticked.
        expectEqual(NotesMerge.merge(base: "List\nA", earlier: "List\n- [ ] milk\nA", later: "List\nA\n- [x] milk"), "List\n- [x] milk\nA")
    }

    @Test("Y-17: random edits by three devices merged in any order never hold a line more often than some side did")
    func randomNeverDoubled() {
        var generator = SeededRandom(seed: 17)
        for _ in 0..<500 {
            let words = ["a", "b", "c", "d", "- [ ] e", "- [x] e", "f"]
            func side() -> [String] { (0..<Int.random(in: 0...5, using: &generator)).map { _ in words.randomElement(using: &generator)! } }
            let base = side(), earlier = side(), later = side()
            let merged = NotesMerge.merge(base: base.joined(separator: "\n"), earlier: earlier.joined(separator: "\n"),
                                          later: later.joined(separator: "\n"))
            let lines = merged.map { $0.isEmpty ? [] : $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
            func key(_ line: String) -> String { NotesMerge.checklistKey(line) ?? line }
            for item in Set(lines.map(key)) {
                let most = max(earlier.filter { key($0) == item }.count, later.filter { key($0) == item }.count)
                expectTrue(lines.filter { key($0) == item }.count <= most, "\(base) | \(earlier) | \(later) → \(lines)")
            }
        }
    }
}
