import CharflowCore
import CharflowStore
import CharflowSync
import Foundation

/// Sync that runs itself while `serve` or `sync --watch` runs (rule Y-28, spec D20): about a second
/// after a local change, at once when the hub announces another device's push, and on a fallback
/// timer.
///
/// Each sync is `syncWithHub` over the store opened for that sync alone, with the clock read then, so
/// the store is never held between syncs and every command runs beside the loop; the hub connection
/// is kept between syncs (`KeptHubConnection`). Between syncs the loop looks at the store's files
/// every `Timing.probe` seconds (`StoreFileStamp`), reads the operation log through `SyncProbe` only
/// when they changed, and waits on the hub's announcements (`HubListener`). A hub that cannot be reached is retried after 5 s, then twice
/// as long each time up to `Timing.retryCap`, with nothing printed and nothing else done meanwhile.
/// Its times are the machine's uptime, never the store's clock.
public final class AutoSync: @unchecked Sendable {
    /// The loop's intervals, in seconds.
    public struct Timing: Sendable, Equatable {
        /// How long after the last local change a sync starts (each change restarts it).
        public var debounce: TimeInterval = 1
        /// A sync at the latest this long after the last one, announcements or not.
        public var fallback: TimeInterval = 300
        /// The first wait after a failed sync; each failure doubles it.
        public var firstRetry: TimeInterval = 5
        /// The longest wait between failed syncs.
        public var retryCap: TimeInterval = 300
        /// How often the store's files are looked at for local changes (two `stat` calls; the log is
        /// read only when they changed).
        public var probe: TimeInterval = 0.5
        /// The longest the log goes unread, changed files or not.
        public var recheck: TimeInterval = 30

        public init() {}

        /// The defaults, or the five numbers `CHARFLOW_SYNC_TIMING` gives as
        /// `debounce,fallback,firstRetry,retryCap,probe` (tests shorten them); anything else is ignored.
        public init(environment: [String: String]) {
            self.init()
            guard let text = environment["CHARFLOW_SYNC_TIMING"] else { return }
            let numbers = text.split(separator: ",").compactMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 5, numbers.allSatisfy({ $0 > 0 }) else { return }
            (debounce, fallback, firstRetry, retryCap, probe) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        }
    }

    /// What the loop knows beyond the store: `GET /api/sync` shows it.
    public struct Knowledge: Sendable, Equatable {
        /// When the hub first failed to answer in the current run of failures (the clock of that sync).
        public var offlineSince: Date?
        /// The last failed sync's reason, in words; nil once a sync succeeds.
        public var lastError: String?
        /// Syncs that succeeded since the loop started.
        public var syncs = 0
        /// When the last successful sync ended (the clock of that sync).
        public var lastSynced: Date?
        /// Whether the hub is `CHARFLOW_HUB`'s, which the store does not name.
        public var hubFromEnvironment = false
        /// How many times the loop has read the store's log since it started: once at the start, then
        /// only after a write changed the store's files, or a `Timing.recheck` later.
        public var looks = 0

        public init() {}
    }

    /// What one attempt did, for a front end that reports syncs (`sync --watch`).
    public enum Event: Sendable {
        case synced(SyncReport, at: Date)
        /// The first failure after a success (or at start); later failures in a row are not told.
        case wentOffline(String, at: Date)
        /// The first success after a failure.
        case backOnline(at: Date)
    }

    private let store: StoreEnvironment
    private let clock: @Sendable () -> Date
    private let environmentHub: String?
    private let timing: Timing
    private let onEvent: @Sendable (Event) -> Void
    private let thread = LoopThread()
    /// One hub connection for all of this loop's syncs, made again when it drops (issue 39, item 13).
    private let keptHub = KeptHubConnection()
    private var known = Knowledge()

    /// A loop over `store`, reading `clock` once per sync; `environmentHub` is `CHARFLOW_HUB`.
    public init(store: StoreEnvironment, clock: @escaping @Sendable () -> Date, environmentHub: String?,
                timing: Timing = Timing(), onEvent: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.store = store
        self.clock = clock
        self.environmentHub = environmentHub.flatMap { $0.isEmpty ? nil : $0 }
        known.hubFromEnvironment = self.environmentHub != nil
        self.timing = timing
        self.onEvent = onEvent
    }

    /// Whether the store at `store` has a hub to sync with (its own, or `CHARFLOW_HUB`'s).
    public static func hasHub(_ store: StoreEnvironment, environmentHub: String?) -> Bool {
        if let environmentHub, !environmentHub.isEmpty { return true }
        return ((try? SyncProbe.read(path: store.path)) ?? nil)?.hubURL != nil
    }

    /// Whether the loop runs (started and not stopped).
    public var isRunning: Bool { thread.isRunning }

    /// What the loop knows now.
    public var knowledge: Knowledge { thread.locked { known } }

    /// Runs the loop on a thread of its own until `stop`.
    public func start() {
        thread.start { [self] in run() }
    }

    /// Asks the loop to stop and waits (a sync under way ends first, at most `wait` seconds).
    public func stop(wait: TimeInterval = 15) {
        thread.stop(wait: wait)
    }

    /// Runs the loop on this thread until `stop` is called from another.
    public func run() {
        var listener: HubListener?
        var lastSeq: Int64?
        var device: String?
        // A sync wanted from this time on: at start, on another device's announcement, on the fallback
        // timer, after a failure. And a sync for local changes, `debounce` after the last of them but
        // never later than five debounces after the first.
        var wanted: TimeInterval? = uptime()
        var changeDue: TimeInterval?
        var firstChange: TimeInterval?
        var nextFallback = uptime() + timing.fallback
        var retryAt: TimeInterval = 0
        var retryDelay = timing.firstRetry
        var failing = false
        var listenAgainAt: TimeInterval = 0

        // The store is opened to read its log only when its files changed since the last read (any
        // process's write changes them), and every `Timing.recheck` in any case (issue 39, item 12).
        var probe: SyncProbe?
        var stamp: StoreFileStamp?
        var lastRead = -TimeInterval.infinity

        while !thread.isStopping {
            let now = uptime()
            let current = StoreFileStamp.of(path: store.path)
            if current != stamp || now - lastRead >= timing.recheck {
                probe = (try? SyncProbe.read(path: store.path)) ?? nil
                stamp = current
                lastRead = now
                thread.locked { known.looks += 1 }
            }
            if let probe {
                device = probe.deviceID
                if probe.lastSeq != lastSeq, probe.hasUnpushed {
                    let first = firstChange ?? now
                    firstChange = first
                    changeDue = min(now + timing.debounce, first + 5 * timing.debounce)
                }
                lastSeq = probe.lastSeq
            }
            if now >= nextFallback, wanted == nil { wanted = now }
            let due = [wanted, changeDue].compactMap { $0 }.min()

            // Without a hub (yet: `hub init` may come while the loop runs) there is nothing to do.
            let url = environmentHub ?? probe?.hubURL
            if let due, let url, now >= due, now >= retryAt {
                if listener == nil { listener = try? HubListener(url: url) }
                let outcome = attempt()
                let after = uptime()
                nextFallback = after + timing.fallback
                changeDue = nil
                firstChange = nil
                switch outcome {
                case .success(let report, let at):
                    wanted = nil
                    retryAt = 0
                    retryDelay = timing.firstRetry
                    if failing { onEvent(.backOnline(at: at)) }
                    failing = false
                    if report.pushed > 0 || report.pulled > 0 || report.conflicts > 0 { onEvent(.synced(report, at: at)) }
                case .failure(let words, let at, let unreachable):
                    // Tried again once the wait is over, whatever happens meanwhile.
                    wanted = after
                    retryAt = after + retryDelay
                    retryDelay = min(retryDelay * 2, timing.retryCap)
                    if !failing { onEvent(.wentOffline(words, at: at)) }
                    failing = true
                    if unreachable {
                        listener = nil
                        keptHub.drop()
                    }
                }
                // What this sync wrote (its merge, its marks) is no local change to send; a change made
                // during it still waits and is seen by the next read.
                if let probe = (try? SyncProbe.read(path: store.path)) ?? nil, !probe.hasUnpushed { lastSeq = probe.lastSeq }
                continue
            }

            // A listener that could not be made beside a sync that worked is tried again now and then;
            // a push announced before it listened is fetched by a sync at once.
            if listener == nil, let url, !failing, now >= listenAgainAt {
                listener = try? HubListener(url: url)
                if listener == nil { listenAgainAt = now + timing.firstRetry } else { wanted = min(wanted ?? now, now) }
            }

            // Wait for an announcement, the next read of the log, or the time a sync is due. Without a hub
            // nothing is due (a sync wanted since the start waits for one): the log is read ten times less
            // often, only to notice a `hub init`, instead of every 10 ms (issue 39, item 12).
            var wait = url == nil ? timing.probe * 10 : timing.probe
            if let due, url != nil { wait = min(wait, max(0.01, max(due, retryAt) - now)) }
            if let heard = listener {
                do {
                    let pushers = try heard.wait(timeout: wait)
                    if pushers.contains(where: { $0 != device }) { wanted = min(wanted ?? uptime(), uptime()) }
                } catch {
                    // The hub went away: a sync now finds out whether it is back, over a new connection.
                    listener = nil
                    keptHub.drop()
                    wanted = min(wanted ?? uptime(), uptime())
                }
            } else {
                thread.pause(wait)
            }
        }
    }

    private enum Outcome {
        case success(SyncReport, at: Date)
        case failure(String, at: Date, unreachable: Bool)
    }

    /// One sync over the store opened for it (and closed when it returns), as of the clock now.
    private func attempt() -> Outcome {
        let now = clock()
        do {
            let app = try store.open(now: now)
            var input = SyncInput(environmentHub: environmentHub)
            input.keptHub = keptHub
            let report = try app.syncWithHub(input)
            thread.locked {
                known.offlineSince = nil
                known.lastError = nil
                known.syncs += 1
                known.lastSynced = now
            }
            return .success(report, at: now)
        } catch {
            let words = Refusal(error)?.message ?? "\(error)"
            var unreachable = false
            if case .unreachable = error as? SyncError { unreachable = true }
            thread.locked {
                if unreachable { known.offlineSince = known.offlineSince ?? now }
                known.lastError = words
            }
            return .failure(words, at: now, unreachable: unreachable)
        }
    }

    private func uptime() -> TimeInterval { LoopThread.uptime() }
}
