import CharflowCore
import Foundation

/// One column of a table a record maps to: its cases, in declaration order, are the SELECT and
/// INSERT column lists, and the raw value is the column's position in both (`id` first).
protocol RecordColumn: CaseIterable, RawRepresentable where RawValue == Int, AllCases == [Self] {
    /// The column's name in SQL.
    var name: String { get }
}

extension RecordColumn {
    /// The comma-separated names, in order: what a SELECT reads and an INSERT writes.
    static var selectList: String {
        allCases.map(\.name).joinedText(separator: ", ")
    }

    /// `INSERT … ON CONFLICT(id) DO UPDATE SET` every column but the first (the id).
    static func upsertSQL(into table: String) -> String {
        RecordSQL.upsert(table, selectList)
    }
}

extension RecordRow {
    func text(_ column: some RecordColumn) -> String? { text(column.rawValue) }
    func int(_ column: some RecordColumn) -> Int? { int(column.rawValue) }
    func uuid(_ column: some RecordColumn) -> UUID? { uuid(column.rawValue) }
    func day(_ column: some RecordColumn) -> LocalDay? { day(column.rawValue) }
    func instant(_ column: some RecordColumn) -> Date? { instant(column.rawValue) }
}
