import CharflowApp
import CharflowCore
import CharflowSync
import Foundation

/// `charflow sync [--hub URL] [--status]`: push this device's changes to the hub and merge the others'.
enum SyncCommand: Command {
    static let name = "sync"
    static let usage = "charflow sync [--hub URL] [--status]"
    static let summary = "Sync this store with the hub (or say where sync stands)"
    static let options: Set<String> = ["hub", "status"]
    static let maxWords = 0

    /// The store as the command's clock sees it, opened for sync.
    static func client(_ context: Context) throws -> SyncClient {
        let store = try StoreEnvironment(environment: context.environment, storeOption: context.args.value("db"))
        if context.args.value("now") == "" { throw InputError.badTime("") }
        let now = try StoreEnvironment.clock(context.args.value("now") ?? context.environment["CHARFLOW_NOW"], zone: store.timeZone)
        return try SyncClient(path: store.path, timeZone: store.timeZone, localeFirstWeekday: store.localeFirstWeekday, now: now)
    }

    static func run(_ context: Context) throws {
        let client = try client(context)
        // A test seam: hold the sync between the hub's commit and the store's, so a crash test can kill it there.
        if let stall = context.environment["CHARFLOW_TEST_STALL_MS"].flatMap(Int.init), stall > 0 {
            client.afterPush = { usleep(UInt32(min(stall, 60_000)) * 1000) }
        }
        if context.args.has("status") {
            let status = try client.status()
            let text = status.isDevice
                ? SyncMessages.status(unpushed: status.unpushed, lastSync: status.lastSync, hub: status.hubURL)
                : SyncMessages.notADevice
            context.output.emit(text: text, json: .object([
                ("device", status.deviceID.map { .string($0) } ?? .null),
                ("unpushed", .int(status.unpushed)),
                ("lastSync", status.lastSync.map { .string($0) } ?? .null),
                ("hubSet", .bool(status.hubURL != nil)),
            ]))
            return
        }
        let given = context.args.value("hub")
        let url = try client.hubURL(given: given, environment: context.environment)
        let onTerminal = !context.output.json && isatty(STDERR_FILENO) == 1
        let report = try client.sync(url: url, remember: given != nil) { done, total in
            guard onTerminal else { return }
            FileHandle.standardError.write(Data(("\r" + SyncMessages.progress(done, of: total)).utf8))
        }
        if onTerminal, report.pulled > 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        context.output.emit(text: SyncMessages.synced(pushed: report.pushed, pulled: report.pulled), json: .object([
            ("pushed", .int(report.pushed)),
            ("pulled", .int(report.pulled)),
            ("fromSnapshot", .bool(report.fromSnapshot)),
        ]))
    }
}
