import CharflowApp
import CharflowCore
import CharflowDesktop
import CharflowSync
import CharflowWeb
import Foundation

/// `charflow sync [--hub URL] [--status | --watch]`: push this device's changes to the hub and merge
/// the others'; `--watch` keeps doing it until Ctrl-C or SIGTERM (rule Y-28).
enum SyncCommand: TypedCommand {
    static let name = "sync"
    static let usage = "charflow sync [--hub URL] [--passphrase-file FILE] [--status | --watch]"
    static let summary = "Sync this store with the hub (or say where sync stands, or keep it in sync)"

    /// The hub to sync with (the remembered one when none), a blind hub's passphrase file, and whether
    /// only to say where sync stands, or to keep syncing.
    struct Input: Decodable {
        var hub: String?
        var passphraseFile: String?
        var status: Bool?
        var watch: Bool?

        enum CodingKeys: String, CodingKey {
            case hub, status, watch
            case passphraseFile = "passphrase-file"
        }
    }

    static func run(_ input: Input, _ context: Context) throws {
        if input.watch == true { return try watch(input, context) }
        // Sync's own crash seam holds after the hub's commit (below), not before each of the store's.
        let app = try context.app(holdingCommits: false)
        if input.status == true {
            let status = try app.syncStatus()
            var text = status.isDevice
                ? SyncMessages.status(unpushed: status.unpushed, lastSync: status.lastSyncText, hub: status.hub)
                : SyncMessages.notADevice
            if status.setAside > 0 { text += "\n" + SyncMessages.setAsideWaiting(status.setAside) }
            if status.conflicts > 0 { text += "\n" + SyncMessages.conflictsWaiting(status.conflicts) }
            context.output.emit(text: text, json: status.json)
            return
        }
        var sync = SyncInput(hub: input.hub, environmentHub: context.environment["CHARFLOW_HUB"])
        sync.passphrase = try PassphraseInput.from(file: input.passphraseFile, context)
        // A test seam: hold the sync between the hub's commit and the store's, so a crash test can kill it there.
        if let stall = context.environment["CHARFLOW_TEST_STALL_MS"].flatMap(Int.init), stall > 0 {
            sync.afterPush = { usleep(UInt32(min(stall, 60_000)) * 1000) }
        }
        let output = context.output
        let onTerminal = !output.json && output.console.errorsIsTerminal
        // Nothing to receive prints nothing; a line printed is cleared however the sync ends.
        var shown = false
        defer { if shown { output.note("\r\u{1B}[K") } }
        if onTerminal {
            sync.progress = { done, total in
                guard done > 0 || (total ?? 0) > 0 else { return }
                shown = true
                output.note("\r" + SyncMessages.progress(done, of: total))
            }
        }
        let report = try app.syncWithHub(sync)
        if shown {
            output.note("\r\u{1B}[K")
            shown = false
        }
        var lines = [SyncMessages.synced(pushed: report.pushed, pulled: report.pulled)]
        if report.newDeviceID != nil { lines.insert(report.wasForgotten ? SyncMessages.forgottenDevice : SyncMessages.newDevice, at: 0) }
        if report.conflicts > 0 { lines.append(SyncMessages.conflictsRecorded(report.conflicts)) }
        if report.setAside > 0 { lines.append(SyncMessages.setAside(report.setAside)) }
        context.output.emit(text: lines.joinedText(separator: "\n"), json: report.json)
    }

    /// `sync --watch`: the automatic sync of `serve` without the page (rule Y-28). One line per sync
    /// that changed something, one when the hub stops answering and one when it answers again;
    /// nothing while nothing changes.
    static func watch(_ input: Input, _ context: Context) throws {
        let env = context.environment
        // Opening the store first runs the rollover and refuses a bad store or clock as every command does.
        var app: Charflow? = try context.app(holdingCommits: false)
        let store = try StoreEnvironment(environment: env, storeOption: context.args.value("db"))
        if let named = input.hub {
            // A hub named here is remembered as `sync --hub` does, by one sync now.
            _ = try app?.syncWithHub(SyncInput(hub: named, environmentHub: env["CHARFLOW_HUB"]))
        }
        app = nil
        guard AutoSync.hasHub(store, environmentHub: env["CHARFLOW_HUB"]) else { throw SyncError.noHub }
        let fixed = context.args.value("now") ?? env["CHARFLOW_NOW"]
        let start = try StoreEnvironment.clock(fixed, zone: store.timeZone)
        let isFixed = fixed != nil
        let clock: @Sendable () -> Date = { isFixed ? start : Date() }
        let json = context.output.json
        let console = context.output.console
        let zone = store.timeZone
        let loop = AutoSync(store: store, clock: clock, environmentHub: env["CHARFLOW_HUB"], timing: AutoSync.Timing(environment: env)) { event in
            let text: String, document: JSONValue
            switch event {
            case .synced(let report, let at):
                text = SyncMessages.watchSynced(at: clockText(at, zone), pushed: report.pushed, pulled: report.pulled)
                document = .object([("event", .string("synced")), ("at", .string(Instant.storageText(at))), ("report", report.json)])
            case .wentOffline(let words, let at):
                text = SyncMessages.watchOffline(at: clockText(at, zone), words)
                document = .object([("event", .string("offline")), ("at", .string(Instant.storageText(at))), ("message", .string(words))])
            case .backOnline(let at):
                text = SyncMessages.watchBackOnline(at: clockText(at, zone))
                document = .object([("event", .string("online")), ("at", .string(Instant.storageText(at)))])
            }
            console.out((json ? document.renderedOnOneLine() : TerminalText.escaped(text)) + "\n")
        }
        // The calendars refresh themselves beside the sync (rule F-12): a line when one fails (once for
        // a reason) and when it is read again.
        let calendars = CalendarAutoRefresh(store: store, clock: clock, timing: CalendarAutoRefresh.Timing(environment: env)) { event in
            let at: Date, document: JSONValue
            switch event {
            case let .failed(name, failure, time):
                at = time
                document = .object([("event", .string("calendarFailed")), ("at", .string(Instant.storageText(time))),
                                    ("calendar", .string(name)), ("code", .string(failure.code)), ("message", .string(failure.message))])
            case let .readAgain(name, time):
                at = time
                document = .object([("event", .string("calendarReadAgain")), ("at", .string(Instant.storageText(time))),
                                    ("calendar", .string(name))])
            }
            let text = clockText(at, zone) + " " + CalendarEventWords.text(event)
            console.out((json ? document.renderedOnOneLine() : TerminalText.escaped(text)) + "\n")
        }
        // Reminders arrive on the desktop beside the sync (rules ).
        let reminders = ReminderLoop(store: store, clock: clock, channel: DesktopNotifications(environment: env),
                                     timing: ReminderLoop.Timing(environment: env))
        // Blocked before the loops' threads start, so only the wait below receives Ctrl-C and SIGTERM.
        StopSignals.block()
        loop.start()
        calendars.start()
        reminders.start()
        StopSignals.wait()
        reminders.stop()
        calendars.stop()
        loop.stop()
    }

    /// "17:05": the local time of `date`, for `--watch` lines.
    private static func clockText(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
