import CharflowStore
import Foundation

/// Where values cross between the device and a blind hub (rule Y-32): sealed on their way into a
/// push, opened on their way out of a pull or the hub's current state.
///
/// On an open hub (`seal` nil) values pass as they are. On a blind one every value must open: one
/// that does not (changed on the hub, moved to another field, or written there by hand) is set aside
/// with its reason, never applied, and the rest of its row in that delivery, and the row's later
/// changes, wait with it (rule Y-23): no task arrives without the title that did not open.
extension SyncClient {
    /// Why a value from a blind hub was set aside.
    package static let unopenedReason = "its value did not open under this hub's key: it was changed on the hub or was never sealed"

    /// `value` as the hub keeps it: sealed to its table, row, field and clock on a blind hub.
    static func hubValue(_ value: String, table: String, row: String, field: String, hlc: String, seal: ValueSeal?) throws -> String {
        guard let seal else { return value }
        return try seal.seal(value, context: ValueSeal.context(table: table, row: row, field: field, hlc: hlc))
    }

    /// Applies what a pull or the hub's state delivered, in one local transaction, after opening each
    /// value; what does not open is set aside in the same transaction.
    /// `fromState` says they are the hub's current state rather than its log (`OperationMerge.apply`).
    @discardableResult
    func applyPulled(_ operations: [RemoteOperation], cursor: Int64, fromState: Bool = false) throws -> Int {
        guard let seal else {
            try mergeScope.note(operations, db)
            return try OperationMerge.apply(operations, cursor: cursor, now: nowText, notAfter: receiveLimit, fromState: fromState, db)
        }
        var opened: [RemoteOperation] = []
        var unopened: [RemoteOperation] = []
        opened.reserveCapacity(operations.count)
        for operation in operations {
            let context = ValueSeal.context(table: operation.table, row: operation.rowID, field: operation.field, hlc: operation.hlc)
            if let value = seal.open(operation.value, context: context) {
                opened.append(RemoteOperation(hlc: operation.hlc, table: operation.table, rowID: operation.rowID,
                                              field: operation.field, value: value, base: operation.base))
            } else {
                unopened.append(operation)
            }
        }
        let held = Set(unopened.map { SyncClient.rowKey($0.table, $0.rowID) })
        let waiting = opened.filter { held.contains(SyncClient.rowKey($0.table, $0.rowID)) }
        if !held.isEmpty { opened.removeAll { held.contains(SyncClient.rowKey($0.table, $0.rowID)) } }
        try mergeScope.note(opened, db)
        return try db.write {
            for (operation, reason) in unopened.map({ ($0, SyncClient.unopenedReason) }) + waiting.map({ ($0, "its row was set aside") }) {
                try OperationLog.setAside(.init(hlc: operation.hlc, table: operation.table, rowID: operation.rowID, field: operation.field,
                                                value: operation.value, reason: reason), db)
            }
            return try OperationMerge.apply(opened, cursor: cursor, now: nowText, notAfter: receiveLimit, fromState: fromState, db)
        }
    }
}
