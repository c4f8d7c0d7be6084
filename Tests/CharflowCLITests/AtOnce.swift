import Foundation

/// Runs `body(0..<count)` on threads of their own, all at once, and returns the results in order.
///
/// Threads, not tasks: the suite's synchronous tests keep Swift concurrency's few threads busy, so a
/// task group's children could wait minutes for one, and would not run side by side.
func atOnce<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) throws -> [T] {
    let results = ThreadResults<T>()
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        Thread {
            let result = Result { try body(index) }
            results.lock.lock()
            results.values[index] = result
            results.lock.unlock()
            done.leave()
        }.start()
    }
    done.wait()
    return try (0..<count).map { try results.values[$0]!.get() }
}

/// The results of `atOnce`'s threads, by index, under a lock.
private final class ThreadResults<T>: @unchecked Sendable {
    let lock = NSLock()
    var values: [Int: Result<T, any Error>] = [:]
}
