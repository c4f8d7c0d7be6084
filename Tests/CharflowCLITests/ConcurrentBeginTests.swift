import CharflowStore
import Foundation
import Testing

/// One timer at a time holds when two `begin`s race in separate processes (issue 17, item 13).
@Suite("Concurrent begin: exactly one starts")
struct ConcurrentBeginTests {
    @Test("S-7 two begins at the same moment on two tasks: exactly one starts, the other is refused", arguments: [0, 150])
    func racingBegins(stall: Int) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let first = try cf.add("Write report", ["--region", "morning"])
        let second = try cf.add("Call the bank", ["--region", "morning"])
        for round in 0..<6 {
            let extra = stall > 0 ? ["CHARFLOW_TEST_STALL_MS": String(stall)] : [:]
            let a = try cf.start(["begin", first, "--json"], now: "2026-11-30T09:0\(round)", extra: extra)
            let b = try cf.start(["begin", second, "--json"], now: "2026-11-30T09:0\(round)", extra: extra)
            var statuses: [Int32] = []
            var outputs: [String] = []
            for (process, out, err) in [a, b] {
                let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                statuses.append(process.terminationStatus)
                outputs.append(stdout + stderr)
            }
            #expect(statuses.sorted() == [0, 1], "round \(round): \(outputs)")
            #expect(outputs.contains { $0.contains("session_running") }, "round \(round): \(outputs)")
            let live = try cf.storeQuery("SELECT id FROM sessions WHERE ended_at IS NULL")
            #expect(live.count == 1, "round \(round): \(live.count) live sessions")
            let finished = try cf.run(["finish", "--stop"], now: "2026-11-30T09:0\(round)")
            #expect(finished.status == 0, "\(finished.stderr)")
        }
    }
}
