import CharflowStore

/// What a merge of other devices' changes may leave, settled by the rules right after it (spec D18,
/// D19): two instances of one series made for one occurrence (the dedup rule keeps one, rule Y-7), a
/// stopped series brought back or a series with two live instances (`SeriesSettlement`, rule Y-20),
/// two categories with one name (`CategorySettlement`, rule Y-21), two live sessions (rule Y-8), and a
/// done task without the day it was done on (`CompletionDay`, filled quietly).
///
/// Each settlement is an ordinary change of this store, sent with the next sync; every device that
/// merges the same operations settles them alike.
package enum MergeSettlement {
    package static func settle(_ store: Store, rules: SettlementRules?) throws {
        try settle(store, scope: .whole, rules: rules)
    }

    /// Settles as `settle(_:rules:)` does, the series only those `scope` names: the merge changed no other.
    static func settle(_ store: Store, scope: MergeScope, rules: SettlementRules?) throws {
        let series = try scope.series(store)
        if series?.isEmpty != true { try rules?.removeSeriesDuplicates(series) }
        // No series reached and no task removed: no series can need settling, and none is read.
        if series?.isEmpty != true || scope.mayHaveStopped {
            try SeriesSettlement.settle(store, series: series, stopped: scope.stopped)
        }
        try CategorySettlement.settle(store)
        try rules?.settleTwoTimers()
        // A task another device's older build marked done arrives without its day (B-15).
        try store.fillCompletionDays()
    }
}

/// The settlements a merge shares with the application layer, which holds their rules (the rollover
/// and an import run them too): the dedup of a series' instances (Y-7) and two live sessions (Y-8).
package struct SettlementRules {
    /// Keeps one instance of each series and occurrence, of `series` (every series when nil).
    package var removeSeriesDuplicates: (_ series: Set<String>?) throws -> Void
    /// Stops the later of two live sessions.
    package var settleTwoTimers: () throws -> Void

    package init(removeSeriesDuplicates: @escaping (Set<String>?) throws -> Void, settleTwoTimers: @escaping () throws -> Void) {
        self.removeSeriesDuplicates = removeSeriesDuplicates
        self.settleTwoTimers = settleTwoTimers
    }
}
