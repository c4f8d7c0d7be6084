import Foundation

/// Ctrl-C and SIGTERM as a wait: `serve` blocks them in every thread, then waits for one on the main thread.
public enum StopSignals {
    /// Blocks SIGINT and SIGTERM; call before any thread starts, so every thread inherits the mask.
    public static func block() {
        var set = stopSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Waits until SIGINT or SIGTERM arrives.
    public static func wait() {
        var set = stopSet()
        var received: Int32 = 0
        sigwait(&set, &received)
    }

    private static func stopSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}
