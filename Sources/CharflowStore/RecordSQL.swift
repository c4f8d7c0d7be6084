/// SQL shared by the record mappings.
enum RecordSQL {
    /// The names of a comma-separated column list.
    static func names(_ columns: String) -> [String] {
        columns.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// `INSERT … ON CONFLICT(id) DO UPDATE SET` every other column, for `table` with `columns` (id first).
    static func upsert(_ table: String, _ columns: String) -> String {
        let names = names(columns)
        let marks = Array(repeating: "?", count: names.count).joinedText(separator: ", ")
        let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }.joinedText(separator: ", ")
        return "INSERT INTO \(table) (\(columns)) VALUES (\(marks)) ON CONFLICT(id) DO UPDATE SET \(updates)"
    }

    /// A plain `INSERT`, for a row made afresh: it fails on a row that already holds the id, never replaces it.
    static func insert(_ table: String, _ columns: String) -> String {
        let marks = Array(repeating: "?", count: names(columns).count).joinedText(separator: ", ")
        return "INSERT INTO \(table) (\(columns)) VALUES (\(marks))"
    }
}
