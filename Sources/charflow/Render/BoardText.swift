import CharflowApp
import CharflowCore
import Foundation

/// The day board as text: a card a region with its Must-Do, Complementary n/3 and Misc n/5.
struct BoardRenderer {
    let output: Output
    let lockComplementary: Bool
    var categories: [UUID: String] = [:]

    private var lines: TaskLineRenderer { TaskLineRenderer(output: output, categories: categories) }

    /// The card of `card`'s region; with `time`, its planned and free minutes and its events and anchors
    /// under its name (F-14, F-16).
    func render(_ card: RegionCard, time: (text: DayTimeText, region: RegionTime, points: [FixedPoint])? = nil) -> [String] {
        let progress = card.progress
        let state = card.isEmpty ? Messages.emptyRegion : "\(progress.completed) of \(progress.total) done"
        var out = [lines.spread(output.heading(card.region.displayName), output.dim(state),
                                visibleLeft: card.region.displayName.count)]
        if let time { out += time.text.region(time.region, points: time.points) }
        for bucket in Bucket.allCases {
            let tasks = card.tasks(in: bucket)
            let label = "\(bucket.displayName) \(tasks.count)/\(bucket.limit)"
            let column = "  " + label + Padding.spaces(max(1, 19 - label.count))
            if tasks.isEmpty {
                let placeholder = bucket == .mustDo ? Messages.noMustDo : "—"
                out.append(column + output.dim(placeholder))
                continue
            }
            for (index, task) in tasks.enumerated() {
                let prefix = index == 0 ? column : Padding.spaces(column.count)
                let locked = Board.isLocked(task, occupants: card.allTasks, lockComplementary: lockComplementary)
                out.append(lines.line(task, prefix: prefix, note: locked ? "locked" : nil))
            }
        }
        return out
    }
}
