import CharflowCore
import CharflowStore

/// After a merge, two categories with one name become one (spec D19 "Names", rule Y-21), the same
/// way on every device: `CategoryNames` picks the one that stays, the other's tasks take its label and
/// the other is removed for good. Ordinary changes of this store, sent with the sync.
enum CategorySettlement {
    static func settle(_ planner: Store) throws {
        let categories = planner.categories
        let merges = CategoryNames.merges(try categories.all())
        guard !merges.isEmpty else { return }
        try planner.db.write {
            for merge in merges {
                for merged in merge.merged { try categories.merge(merged, into: merge.survivor, at: planner.now) }
            }
        }
    }
}
