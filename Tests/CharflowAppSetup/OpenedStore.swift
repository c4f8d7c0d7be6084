@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import Foundation

/// What the tests that set a store up through the application layer read of it, as the layer above the
/// store sees it: today's logical day after the rollover, a task by id, the upkeep and imports the
/// application runs.
extension Store {
    /// Today's logical day, as the application reads it (`Charflow.today`).
    package var today: LocalDay { app.today }

    /// The task with exactly this id, if it exists.
    package func task(id: UUID) throws -> TaskItem? {
        try taskRepository.task(id: id)
    }

    /// Runs any missed rollover, as opening the store through the application does.
    package func catchUp() throws {
        try app.catchUp()
    }

    /// Imports tasks through the application's task import.
    package func importTasks(_ items: [ImportedTask], dryRun: Bool) throws -> (report: Backup.Report, notes: [String]) {
        try app.importTasks(items, dryRun: dryRun)
    }

    /// Imports a backup through the store, vetted and settled by the application's rules.
    package func importBackup(_ document: BackupDocument, dryRun: Bool) throws -> Backup.Report {
        let app = app
        return try importBackup(document, dryRun: dryRun, vetting: BackupRules(), settle: app.settleImported)
    }

    /// Closes `session` with `outcome` inside `work`, as the application's actions do.
    package func close(_ session: WorkSession, _ outcome: SessionOutcome, in work: UnitOfWork) throws {
        try app.close(session, outcome, in: work)
    }
}
