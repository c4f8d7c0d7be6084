import CharflowStore

/// What a merge of other devices' changes may leave, settled by the rules right after it (spec D18,
/// D19): two instances of one series made for one occurrence (the dedup rule keeps one, rule Y-7), a
/// stopped series brought back or a series with two live instances (`SeriesSettlement`, rule Y-20),
/// two categories with one name (`CategorySettlement`, rule Y-21), and two live sessions (rule Y-8).
///
/// Each settlement is an ordinary change of this store, sent with the next sync; every device that
/// merges the same operations settles them alike.
package enum MergeSettlement {
    package static func settle(_ store: Store) throws {
        try settle(store, scope: .whole)
    }

    /// Settles as `settle(_:)` does, the series only those `scope` names: the merge changed no other.
    static func settle(_ store: Store, scope: MergeScope) throws {
        let series = try scope.series(store)
        try store.removeSeriesDuplicatesAfterMerge(series: series)
        // No series reached and no task removed: no series can need settling, and none is read.
        if series?.isEmpty != true || scope.mayHaveStopped {
            try SeriesSettlement.settle(store, series: series, stopped: scope.stopped)
        }
        try CategorySettlement.settle(store)
        try store.settleTwoTimers()
    }
}
