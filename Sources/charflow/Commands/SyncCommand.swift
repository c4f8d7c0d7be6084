import CharflowApp
import CharflowCore
import Foundation

/// `charflow sync [--hub URL] [--status]`: push this device's changes to the hub and merge the others'.
enum SyncCommand: Command {
    static let name = "sync"
    static let usage = "charflow sync [--hub URL] [--status]"
    static let summary = "Sync this store with the hub (or say where sync stands)"
    static let options: Set<String> = ["hub", "status"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        // Sync's own crash seam holds after the hub's commit (below), not before each of the store's.
        let app = try context.app(holdingCommits: false)
        if context.args.has("status") {
            let status = try app.syncStatus()
            var text = status.isDevice
                ? SyncMessages.status(unpushed: status.unpushed, lastSync: status.lastSyncText, hub: status.hub)
                : SyncMessages.notADevice
            if status.conflicts > 0 { text += "\n" + SyncMessages.conflictsWaiting(status.conflicts) }
            context.output.emit(text: text, json: status.json)
            return
        }
        var input = SyncInput(hub: context.args.value("hub"), environmentHub: context.environment["CHARFLOW_HUB"])
        // A test seam: hold the sync between the hub's commit and the store's, so a crash test can kill it there.
        if let stall = context.environment["CHARFLOW_TEST_STALL_MS"].flatMap(Int.init), stall > 0 {
            input.afterPush = { usleep(UInt32(min(stall, 60_000)) * 1000) }
        }
        let onTerminal = !context.output.json && isatty(STDERR_FILENO) == 1
        if onTerminal {
            input.progress = { done, total in
                FileHandle.standardError.write(Data(("\r" + SyncMessages.progress(done, of: total)).utf8))
            }
        }
        let report = try app.syncWithHub(input)
        if onTerminal, report.pulled > 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        var synced = SyncMessages.synced(pushed: report.pushed, pulled: report.pulled)
        if report.conflicts > 0 { synced += "\n" + SyncMessages.conflictsRecorded(report.conflicts) }
        context.output.emit(text: report.newDeviceID == nil ? synced : SyncMessages.newDevice + "\n" + synced, json: report.json)
    }
}
