import CharflowCore

/// The rules a backup's rows must keep beyond their form, asked by the import as it reads and merges
/// them: the application answers them from the core, so the store holds none of them.
///
/// Each throws the `ImportError` that names the file's place at fault; the import's transaction then
/// rolls back. The store checks the form itself (a column's type, a known table, each record once).
package protocol BackupVetting {
    /// A text value a command would refuse (a control character, a line too long).
    func checkText(_ text: String, place: String) throws
    /// An instant outside the years the planner keeps.
    func checkInstantYear(_ text: String, place: String) throws
    /// One row of `table` as a command would have written it.
    func checkRow(_ row: BackupRowRules.Row, table: String, place: String) throws
    /// The file's habit windows, as (habit id, target), against each habit's kind by id.
    func checkWindowTargets(_ windows: [(habit: String?, target: Int64?)], kinds: [String: String]) throws
    /// The file's tasks on their boards (the 1–3–5 rule), in the file's order.
    func checkBoards(_ tasks: [(due: String?, region: String?, bucket: String?, dropped: Bool)], fromDevice: Bool) throws
    /// One bucket as a merge leaves it: `count` tasks with this store's, `inFile` of them from the file.
    func checkMergedBoard(due: String, region: String, bucket: String, count: Int, inFile: Int, fromDevice: Bool) throws
    /// The rules across records, over the store as the import leaves it.
    func checkAcrossRows(_ records: BackupRecordsAcross) throws
}

/// The records the rules across rows look at, read from the store as an import leaves it (or from the
/// file alone, where a table's `nil` means it was not read).
package struct BackupRecordsAcross {
    package var categories: [BackupCrossRowRules.Record]
    package var habits: [BackupCrossRowRules.Record]?
    package var groups: [BackupCrossRowRules.Record]?
    package var liveSessions: [BackupCrossRowRules.Record]
    package var habitKinds: (habits: [BackupCrossRowRules.Record], schedules: [BackupCrossRowRules.Record],
                             windows: [BackupCrossRowRules.Record], habitSessions: [BackupCrossRowRules.Record])?
    package var miscountedDeferrals: [BackupCrossRowRules.Record]?

    package init(categories: [BackupCrossRowRules.Record], liveSessions: [BackupCrossRowRules.Record]) {
        self.categories = categories
        self.liveSessions = liveSessions
    }
}
