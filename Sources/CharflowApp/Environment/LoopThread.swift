import Foundation

/// A loop's thread of its own, which another thread can stop (and wait for) or wake early.
///
/// What the automatic sync, the calendars' refresh and the reminders' delivery share: one lock and
/// condition (the loops keep their own state under it too), whether the loop runs, whether it was
/// asked to stop, and whether it was asked to look again now. Times are the machine's uptime.
final class LoopThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = false
    private var stopping = false
    private var wanted = false

    /// Runs `body` on a thread of its own; the loop counts as running until `body` returns.
    func start(_ body: @escaping @Sendable () -> Void) {
        locked { running = true }
        Thread { [self] in
            body()
            locked {
                running = false
                condition.broadcast()
            }
        }.start()
    }

    /// Asks the loop to stop and waits at most `wait` seconds for it to return.
    func stop(wait: TimeInterval) {
        condition.lock()
        stopping = true
        condition.broadcast()
        let deadline = Date().addingTimeInterval(wait)
        while running, condition.wait(until: deadline) {}
        condition.unlock()
    }

    /// Asks the loop to look again now, ending its sleep.
    func wake() {
        locked {
            wanted = true
            condition.broadcast()
        }
    }

    /// Sleeps until the uptime `due`, a `wake` or a `stop`; answers whether the loop should go on (not
    /// stopping). A wake is used up by the sleep it ends.
    func sleep(until due: TimeInterval) -> Bool {
        locked {
            while !stopping, !wanted, Self.uptime() < due {
                _ = condition.wait(until: Date().addingTimeInterval(due - Self.uptime()))
            }
            wanted = false
            return !stopping
        }
    }

    /// Sleeps at most `seconds`, ended early only by a `stop` (a `wake` is left for the next sleep).
    func pause(_ seconds: TimeInterval) {
        locked {
            if !stopping { _ = condition.wait(until: Date().addingTimeInterval(seconds)) }
        }
    }

    var isRunning: Bool { locked { running } }
    var isStopping: Bool { locked { stopping } }

    /// `body` under the loop's lock, which guards the loop's own state too.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    static func uptime() -> TimeInterval { ProcessInfo.processInfo.systemUptime }
}
