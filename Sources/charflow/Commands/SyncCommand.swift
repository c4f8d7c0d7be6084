import CharflowApp
import CharflowCore
import Foundation

/// `charflow sync [--hub URL] [--status]`: push this device's changes to the hub and merge the others'.
enum SyncCommand: Command {
    static let name = "sync"
    static let usage = "charflow sync [--hub URL] [--passphrase-file FILE] [--status]"
    static let summary = "Sync this store with the hub (or say where sync stands)"
    static let options: Set<String> = ["hub", "status", "passphrase-file"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        // Sync's own crash seam holds after the hub's commit (below), not before each of the store's.
        let app = try context.app(holdingCommits: false)
        if context.args.has("status") {
            let status = try app.syncStatus()
            var text = status.isDevice
                ? SyncMessages.status(unpushed: status.unpushed, lastSync: status.lastSyncText, hub: status.hub)
                : SyncMessages.notADevice
            if status.setAside > 0 { text += "\n" + SyncMessages.setAsideWaiting(status.setAside) }
            if status.conflicts > 0 { text += "\n" + SyncMessages.conflictsWaiting(status.conflicts) }
            context.output.emit(text: text, json: status.json)
            return
        }
        var input = SyncInput(hub: context.args.value("hub"), environmentHub: context.environment["CHARFLOW_HUB"])
        input.passphrase = try PassphraseInput.from(context)
        // A test seam: hold the sync between the hub's commit and the store's, so a crash test can kill it there.
        if let stall = context.environment["CHARFLOW_TEST_STALL_MS"].flatMap(Int.init), stall > 0 {
            input.afterPush = { usleep(UInt32(min(stall, 60_000)) * 1000) }
        }
        let onTerminal = !context.output.json && isatty(STDERR_FILENO) == 1
        // Nothing to receive prints nothing; a line printed is cleared however the sync ends.
        var shown = false
        defer { if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
        if onTerminal {
            input.progress = { done, total in
                guard done > 0 || (total ?? 0) > 0 else { return }
                shown = true
                FileHandle.standardError.write(Data(("\r" + SyncMessages.progress(done, of: total)).utf8))
            }
        }
        let report = try app.syncWithHub(input)
        if shown {
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            shown = false
        }
        var lines = [SyncMessages.synced(pushed: report.pushed, pulled: report.pulled)]
        if report.newDeviceID != nil { lines.insert(report.wasForgotten ? SyncMessages.forgottenDevice : SyncMessages.newDevice, at: 0) }
        if report.conflicts > 0 { lines.append(SyncMessages.conflictsRecorded(report.conflicts)) }
        if report.setAside > 0 { lines.append(SyncMessages.setAside(report.setAside)) }
        context.output.emit(text: lines.joined(separator: "\n"), json: report.json)
    }
}
