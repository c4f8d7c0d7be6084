import CharflowCore
import CharflowStore

/// One page of a push as `hub_push` takes it: one entry a record when no field of a row comes twice
/// (hub schema 12), else one entry an operation.
///
/// A record is what the hub keeps (`hub_records`: each field with its clock and value), so a page
/// of records goes in as it came; one entry an operation, the hub took the page apart and grouped
/// it again by row, which was most of a first sync's time on the hub. Each record also carries what
/// the hub read from every operation before: each field's number here (`s`, for the log), its
/// latest clock (`m`, the check for clocks ahead), its highest number (`q`), how many fields it
/// holds (`n`), whether this device wrote every field (`w`) and whether it holds a base (`b`, a field
/// merged by lines sent with the value it grew from); since schema 14, the clock of the value each
/// change replaced here (`k`, what its writer had seen of the field, rule Y-24). A row that changed one field twice goes one
/// entry an operation: the log keeps each change of a field merged by lines with its own base.
package struct PushPage {
    package let operations: [OperationLog.Operation]
    /// The page one entry an operation (`p_operations`), or `[]` when it goes as records.
    package let operationsJSON: String
    /// The page one entry a record (`p_rows`), or `[]`.
    package let recordsJSON: String

    /// `device` is the id the page goes under; without one (a check with nothing to send) the page
    /// goes one entry an operation.
    package init(_ operations: [OperationLog.Operation], device: String?, seal: ValueSeal?) throws {
        self.operations = operations
        if let device, let records = try PushPage.records(operations, device: device, seal: seal) {
            operationsJSON = "[]"
            recordsJSON = records
        } else {
            operationsJSON = try PushPage.operations(operations[...], seal: seal)
            recordsJSON = "[]"
        }
    }

    /// `operations` one JSON object a row, rows in the order they first come; nil when a row holds a
    /// field twice, or with nothing to send.
    package static func records(_ operations: [OperationLog.Operation], device: String, seal: ValueSeal?) throws -> String? {
        guard !operations.isEmpty else { return nil }
        var rows: [[Int]] = []
        var rowIndex: [String: Int] = [:]
        for (index, operation) in operations.enumerated() {
            let key = SyncClient.rowKey(operation.table, operation.rowID)
            if let row = rowIndex[key] {
                // A row's fields are a handful: a scan is cheaper than a set of keys.
                if rows[row].contains(where: { operations[$0].field == operation.field }) { return nil }
                rows[row].append(index)
            } else {
                rowIndex[key] = rows.count
                rows.append([index])
            }
        }
        let mine = "-" + device
        var out = "["
        out.reserveCapacity(operations.count * 110)
        for (number, row) in rows.enumerated() {
            let head = operations[row[0]]
            if number > 0 { out += "," }
            out += "{\"t\":"
            JSONText.quote(head.table, into: &out)
            out += ",\"r\":"
            JSONText.quote(head.rowID, into: &out)
            out += ",\"f\":{"
            var latest = head.hlc, highest = head.deviceSeq, alone = true, based = false
            for (place, index) in row.enumerated() {
                let operation = operations[index]
                let value = try hubValue(operation, seal: seal)
                if place > 0 { out += "," }
                JSONText.quote(operation.field, into: &out)
                out += ":["
                JSONText.quote(operation.hlc, into: &out)
                out += ","
                JSONText.quote(value, into: &out)
                out += "]"
                // Clocks are ASCII, so comparing them as strings compares their bytes, as the hub does.
                if operation.hlc > latest { latest = operation.hlc }
                highest = max(highest, operation.deviceSeq)
                alone = alone && operation.hlc.hasSuffix(mine)
                based = based || operation.field.hasSuffix(OperationLog.baseSuffix)
            }
            out += "},\"s\":{"
            for (place, index) in row.enumerated() {
                if place > 0 { out += "," }
                JSONText.quote(operations[index].field, into: &out)
                out += ":\(operations[index].deviceSeq)"
            }
            // The clock of the value each change replaced on this device (hub schema 14, rule Y-24).
            out += "},\"k\":{"
            var firstBase = true
            for index in row {
                guard let base = operations[index].base else { continue }
                if !firstBase { out += "," }
                firstBase = false
                JSONText.quote(operations[index].field, into: &out)
                out += ":"
                JSONText.quote(base, into: &out)
            }
            out += "},\"m\":"
            JSONText.quote(latest, into: &out)
            out += ",\"q\":\(highest),\"n\":\(row.count),\"w\":\(alone),\"b\":\(based)}"
        }
        return out + "]"
    }

    /// The page one entry an operation, the JSON array `hub_push` takes in `p_operations` (`s` each
    /// one's number, `h` its clock, `t`, `r`, `f` its table, row and field, `v` its value as the hub
    /// keeps it, sealed on a blind hub, `k` the clock of the value it replaced here where known).
    ///
    /// Written directly: a first sync sends hundreds of thousands, and building them as Foundation
    /// objects to serialise was a third of that sync's time.
    package static func operations(_ operations: ArraySlice<OperationLog.Operation>, seal: ValueSeal? = nil) throws -> String {
        var out = "["
        var first = true
        out.reserveCapacity(operations.count * 160)
        for operation in operations {
            let value = try hubValue(operation, seal: seal)
            if !first { out += "," }
            first = false
            out += "{\"s\":\(operation.deviceSeq),\"h\":"
            JSONText.quote(operation.hlc, into: &out)
            out += ",\"t\":"
            JSONText.quote(operation.table, into: &out)
            out += ",\"r\":"
            JSONText.quote(operation.rowID, into: &out)
            out += ",\"f\":"
            JSONText.quote(operation.field, into: &out)
            out += ",\"v\":"
            JSONText.quote(value, into: &out)
            if let base = operation.base {
                out += ",\"k\":"
                JSONText.quote(base, into: &out)
            }
            out += "}"
        }
        return out + "]"
    }

    /// `operation`'s value as the hub keeps it (sealed on a blind hub).
    private static func hubValue(_ operation: OperationLog.Operation, seal: ValueSeal?) throws -> String {
        try SyncClient.hubValue(operation.value, table: operation.table, row: operation.rowID,
                                field: operation.field, hlc: operation.hlc, seal: seal)
    }
}
