import CharflowCore
import Testing

/// Notes merged by lines against the value both sides last shared (rule Y-17).
@Suite("Notes merge by lines (Y-17)")
struct NotesMergeTests {
    @Test("Y-17: lines added on both sides are kept, the earlier side's first")
    func bothAdditionsKept() {
        let merged = NotesMerge.merge(base: "a\nb", earlier: "a\nb\nfrom one", later: "a\nb\nfrom two")
        #expect(merged == "a\nb\nfrom one\nfrom two")
    }

    @Test("Y-17: a line removed on one side and untouched on the other is removed; the other side's addition stays")
    func removalAndAddition() {
        #expect(NotesMerge.merge(base: "a\nb\nc", earlier: "a\nc", later: "a\nb\nc\nd") == "a\nc\nd")
        #expect(NotesMerge.merge(base: "a\nb\nc", earlier: "a\nb\nc\nd", later: "a\nc") == "a\nc\nd")
    }

    @Test("Y-17: a line changed on both sides keeps both versions")
    func bothChangesKept() {
        #expect(NotesMerge.merge(base: "a\nmeet at 5\nc", earlier: "a\nmeet at 6\nc", later: "a\nmeet at 7\nc")
            == "a\nmeet at 6\nmeet at 7\nc")
    }

    @Test("Y-17: checklist ticks merge per item; an item ticked on one side and unticked on the other goes as the later side has it")
    func ticksPerItem() {
        let base = "- [ ] milk\n- [ ] eggs\n- [ ] bread"
        #expect(NotesMerge.merge(base: base, earlier: "- [x] milk\n- [ ] eggs\n- [ ] bread",
                                 later: "- [ ] milk\n- [x] eggs\n- [x] bread") == "- [x] milk\n- [x] eggs\n- [x] bread")
        #expect(NotesMerge.merge(base: "- [x] milk", earlier: "- [ ] milk\nnote", later: "- [x] milk\nother")
            == "- [ ] milk\nnote\nother")
    }

    @Test("Y-17: the result is the same whichever side is local: only which change is earlier decides")
    func sameOnEveryDevice() {
        let base = "one\ntwo\nthree"
        let x = "one\n2\nthree\nfour", y = "zero\none\nthree\nfive"
        let merged = NotesMerge.merge(base: base, earlier: x, later: y)
        #expect(merged == "zero\none\n2\nthree\nfour\nfive")
        // A device that already holds the merge and receives either side keeps it.
        #expect(NotesMerge.merge(base: x, earlier: x, later: merged) == merged)
        #expect(NotesMerge.merge(base: y, earlier: merged, later: y) == merged)
    }

    @Test("Y-17: one side unchanged takes the other's value whole, none included")
    func oneSideUnchanged() {
        #expect(NotesMerge.merge(base: "a", earlier: "a", later: nil) == nil)
        #expect(NotesMerge.merge(base: nil, earlier: nil, later: "new") == "new")
        #expect(NotesMerge.merge(base: "a", earlier: "b", later: "b") == "b")
    }
}
