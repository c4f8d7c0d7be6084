/// Two devices' notes of one task merged by lines against the value both last shared (spec D19
/// "Text", rule Y-17): lines added on either side are kept, a line removed on one side and untouched
/// on the other is removed, a line changed on both sides keeps both versions, and checklist ticks are
/// per item.
///
/// The result depends on which side is `earlier` (its change has the earlier clock), never on which
/// side is local: every device that merges the same two values computes the same notes.
public enum NotesMerge {
    /// The notes `earlier` and `later` make together, each having changed `base` on its own.
    public static func merge(base: String?, earlier: String?, later: String?) -> String? {
        if earlier == later || earlier == base { return later }
        if later == base { return earlier }
        let b = lines(base), e = lines(earlier), l = lines(later)
        let toEarlier = matches(b, e), toLater = matches(b, l)
        var merged: [String] = []
        // Anchors: base lines both sides kept, with a sentinel past the end of all three.
        var anchors: [(Int, Int, Int)] = []
        for index in b.indices {
            if let x = toEarlier[index], let y = toLater[index] { anchors.append((index, x, y)) }
        }
        anchors.append((b.count, e.count, l.count))
        var previous = (-1, -1, -1)
        for anchor in anchors {
            let baseChunk = Array(b[(previous.0 + 1)..<anchor.0])
            let earlierChunk = Array(e[(previous.1 + 1)..<anchor.1])
            let laterChunk = Array(l[(previous.2 + 1)..<anchor.2])
            if earlierChunk == baseChunk {
                merged += laterChunk
            } else if laterChunk == baseChunk || earlierChunk == laterChunk {
                merged += earlierChunk
            } else {
                // A line of the base that one side left as it was and the other removed is removed
                // here too: a stretch with no line both sides kept held it on the keeping side only,
                // and a line written and then undone came back.
                let earlierKept = earlierChunk.filter { !baseChunk.contains($0) || laterChunk.contains($0) }
                let laterKept = laterChunk.filter { !baseChunk.contains($0) || earlierChunk.contains($0) }
                merged += both(earlierKept, laterKept)
            }
            if anchor.0 < b.count { merged.append(pick(b[anchor.0], e[anchor.1], l[anchor.2])) }
            previous = anchor
        }
        merged = capped(merged, earlier: e, later: l)
        return merged.isEmpty && base == nil ? nil : merged.joinedText(separator: "\n")
    }

    /// No line more often than the side that holds it most: a line both sides added at different places
    /// against the base (B's note, then A's, then B's again, synced in turns) is in two stretches of
    /// the merge and would come twice, and every later merge would keep both. The extra copies go, the
    /// first kept; a checklist item counts as one line however it is ticked, and keeps the later side's
    /// tick when the copy that goes is the later side's.
    static func capped(_ merged: [String], earlier: [String], later: [String]) -> [String] {
        func key(_ line: String) -> String { checklistKey(line) ?? line }
        var allowed: [String: Int] = [:]
        for side in [earlier, later] {
            var counts: [String: Int] = [:]
            for line in side { counts[key(line), default: 0] += 1 }
            for (line, count) in counts { allowed[line] = max(allowed[line] ?? 0, count) }
        }
        var kept: [String] = [], at: [String: Int] = [:], seen: [String: Int] = [:]
        for line in merged {
            let item = key(line)
            if seen[item, default: 0] < allowed[item, default: 1] {
                seen[item, default: 0] += 1
                at[item] = kept.count
                kept.append(line)
            } else if let index = at[item], checklistKey(line) != nil, later.contains(line), !later.contains(kept[index]) {
                kept[index] = line
            }
        }
        return kept
    }

    /// A line all three hold (a checklist item may be ticked differently): the side that changed it,
    /// the later side when both did.
    static func pick(_ base: String, _ earlier: String, _ later: String) -> String {
        later == base ? earlier : later
    }

    /// A stretch both sides changed: the earlier side's lines, then the later side's not among them;
    /// a checklist item on both sides (same text, ticked differently) once, as the later side has it.
    static func both(_ earlier: [String], _ later: [String]) -> [String] {
        var result = earlier
        for line in later where !earlier.contains(line) {
            if let item = checklistKey(line), let at = result.firstIndex(where: { checklistKey($0) == item }) {
                result[at] = line
            } else {
                result.append(line)
            }
        }
        return result
    }

    /// A checklist line's indent, bullet and text without its tick; nil for any other line.
    public static func checklistKey(_ line: String) -> String? {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        let rest = line.dropFirst(indent.count)
        guard rest.hasPrefix("- [") || rest.hasPrefix("* ["), rest.count >= 5 else { return nil }
        let mark = rest[rest.index(rest.startIndex, offsetBy: 3)]
        guard ["x", "X", " "].contains(mark), rest[rest.index(rest.startIndex, offsetBy: 4)] == "]" else { return nil }
        return "\u{1}" + String(indent) + String(rest.prefix(1)) + String(rest.dropFirst(5))
    }

    private static func lines(_ notes: String?) -> [String] {
        guard let notes, !notes.isEmpty else { return [] }
        return notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// For each line of `a`, the line of `b` it is matched with by a longest common subsequence; a
    /// checklist item matches itself ticked or not, so ticks merge per item.
    private static func matches(_ lineA: [String], _ lineB: [String]) -> [Int: Int] {
        guard !lineA.isEmpty, !lineB.isEmpty else { return [:] }
        let a = lineA.map { checklistKey($0) ?? $0 }, b = lineB.map { checklistKey($0) ?? $0 }
        var length = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                length[i][j] = a[i] == b[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var pairs: [Int: Int] = [:]
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                pairs[i] = j
                i += 1
                j += 1
            } else if length[i + 1][j] >= length[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
