import CharflowCore
import CharflowStore
import Foundation

/// After a merge, each series is one thing again (spec D19 "A series is one thing", rule Y-20): a
/// series stopped on one device (`--repeat none`, or its live instance purged) stays stopped, and a
/// series has one live instance.
///
/// Instances another device made that nobody has touched since (no edit, session, chosen deferral,
/// move, completion or drop) are removed for good; a touched one is someone's work and stays. Of a
/// series' live instances, the one kept is the first by: touched, then the earliest occurrence, then
/// the one made first, then the id; every device orders them alike. Each removal is an ordinary
/// change of this store, sent with the sync.
enum SeriesSettlement {
    /// Settles `series` (every one when nil) and those `stopped` says a stop mark came for
    /// (`MergeScope`).
    static func settle(_ store: Store, series named: Set<String>?, stopped: (UUID) -> Bool) throws {
        let tasks = store.taskRepository
        let live = try tasks.liveSeriesInstances()
        guard !live.isEmpty else { return }
        let bySeries = Dictionary(grouping: live) { $0.seriesID ?? $0.id }.filter { series, _ in
            named?.contains(series.lowercasedText) ?? true || stopped(series)
        }
        try store.db.write {
            for (series, instances) in bySeries.sorted(by: { $0.key.sorts(before: $1.key) }) {
                let stopped = try tasks.isStopped(series: series)
                guard stopped || instances.count > 1 else { continue }
                var kept: [(task: TaskItem, touched: Bool)] = []
                for task in instances {
                    let touched = try tasks.wasTouched(task)
                    if stopped, !touched {
                        try tasks.removeInstance(task.id)
                    } else {
                        kept.append((task, touched))
                    }
                }
                kept.sort(by: keptFirst)
                for extra in kept.dropFirst() where !extra.touched {
                    try tasks.removeInstance(extra.task.id)
                }
            }
        }
    }

    /// The order in which a series' live instances are kept: touched first, then the earliest
    /// occurrence, the one made first, the lower id.
    private static func keptFirst(_ a: (task: TaskItem, touched: Bool), _ b: (task: TaskItem, touched: Bool)) -> Bool {
        if a.touched != b.touched { return a.touched }
        let (x, y) = (a.task.occurrence ?? a.task.dueDate, b.task.occurrence ?? b.task.dueDate)
        if x != y, let x, let y { return x < y }
        if a.task.createdAt != b.task.createdAt { return a.task.createdAt < b.task.createdAt }
        return a.task.id.sorts(before: b.task.id)
    }
}
