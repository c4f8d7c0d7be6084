import CharflowCore
import CharflowStore

/// The rules a backup's rows must keep, answered from the core for the store's import.
package struct BackupRules: BackupVetting {
    package init() {}

    package func checkText(_ text: String, place: String) throws {
        try BackupRowRules.checkText(text, place: place)
    }

    package func checkInstantYear(_ text: String, place: String) throws {
        try BackupRowRules.checkInstantYear(text, place: place)
    }

    package func checkRow(_ row: BackupRowRules.Row, table: String, place: String) throws {
        try BackupRowRules.check(row, table: table, place: place)
    }

    package func checkWindowTargets(_ windows: [(habit: String?, target: Int64?)], kinds: [String: String]) throws {
        try BackupRowRules.checkWindowTargets(windows, kinds: kinds)
    }

    package func checkBoards(_ tasks: [(due: String?, region: String?, bucket: String?, dropped: Bool)], fromDevice: Bool) throws {
        try BackupRowRules.checkBoards(tasks, fromDevice: fromDevice)
    }

    package func checkMergedBoard(due: String, region: String, bucket: String, count: Int, inFile: Int, fromDevice: Bool) throws {
        try BackupRowRules.checkMergedBoard(due: due, region: region, bucket: bucket, count: count, inFile: inFile, fromDevice: fromDevice)
    }

    /// Names unique among categories, habits and groups, an active category left, one running timer, each
    /// habit's windows and schedules as its kind takes them, and deferral counts that match their records.
    package func checkAcrossRows(_ records: BackupRecordsAcross) throws {
        try BackupCrossRowRules.checkUnique(records.categories, column: "name", what: "category")
        try BackupCrossRowRules.checkActiveCategories(records.categories)
        if let habits = records.habits { try BackupCrossRowRules.checkUnique(habits, column: "title", what: "habit") }
        if let groups = records.groups { try BackupCrossRowRules.checkUnique(groups, column: "title", what: "group") }
        try BackupCrossRowRules.checkOneTimer(records.liveSessions)
        if let kinds = records.habitKinds {
            try BackupCrossRowRules.checkHabits(habits: kinds.habits, schedules: kinds.schedules, windows: kinds.windows,
                                                habitSessions: kinds.habitSessions)
        }
        if let tasks = records.miscountedDeferrals { try BackupCrossRowRules.checkDeferralCounts(tasks) }
    }
}
