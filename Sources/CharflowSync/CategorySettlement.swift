import CharflowCore
import CharflowStore

/// After a merge, two categories with one name become one (spec D19 "Names", rule Y-21), the same
/// way on every device: `CategoryNames` picks the one that stays, the other's tasks take its label and
/// the other is removed for good. Ordinary changes of this store, sent with the sync.
enum CategorySettlement {
    static func settle(_ store: Store) throws {
        let categories = store.categories
        let merges = CategoryNames.merges(try categories.all())
        guard !merges.isEmpty else { return }
        try store.db.write {
            for merge in merges {
                for merged in merge.merged { try categories.merge(merged, into: merge.survivor, at: store.now) }
            }
        }
    }
}
