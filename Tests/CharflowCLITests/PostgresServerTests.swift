import CharflowTestSupport
import Foundation
import Testing

/// The test process's PostgreSQL helpers hold none of its descriptors.
@Suite("The tests' PostgreSQL server and its watchdog")
struct PostgresServerTests {
    @Test("A process the server's helper starts holds only its three standard descriptors, not one the test process left open without close-on-exec")
    func spawnedHoldsNothingElse() throws {
        // A pipe made without close-on-exec, as Foundation's Process makes the socket it watches its child through.
        var ends: [Int32] = [0, 0]
        expectEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("spawned-\(UUID().uuidString)").path
        defer { unlink(out) }
        let pid = try PostgresServer.spawn(["/bin/sleep", "5"], output: out, errors: out)
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        // The child has exec'd sleep once its name shows as sleep.
        var held: [String] = []
        for _ in 0..<200 {
            if (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("sleep") == true {
                held = (try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")).sorted()
                break
            }
            usleep(10_000)
        }
        expectEqual(held, ["0", "1", "2"], "the child holds \(held)")
        // And the pipe really was inheritable: a child without the action would have held it.
        expectEqual(fcntl(ends[0], F_GETFD) & FD_CLOEXEC, 0)
    }
}
