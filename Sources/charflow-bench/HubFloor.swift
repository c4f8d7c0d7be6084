import CLibPQ
import CharflowStore
import Foundation

/// The PostgreSQL floor `charflow sync` is measured against: libpq loaded the way `charflow` loads it
/// (`dlopen`), one connection, `SELECT 1`.
///
/// As a whole process (`charflow-bench hub-floor URL`) it is the hub's share of a sync's floor:
/// start, reach the hub, one round trip, exit. With `--round-trips N` it also times, inside the process, the
/// loading of libpq, the connection and N `SELECT 1` round trips on it, and prints them as JSON
/// (milliseconds). With `--store PATH` it first opens that store and runs `floor`'s SELECT: both
/// floors in one process, the least a sync can cost.
struct HubFloor {
    typealias Connect = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Status = @convention(c) (OpaquePointer?) -> ConnStatusType
    typealias Message = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    typealias Finish = @convention(c) (OpaquePointer?) -> Void
    typealias Exec = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias ResultStatus = @convention(c) (OpaquePointer?) -> ExecStatusType
    typealias Clear = @convention(c) (OpaquePointer?) -> Void

    let connect: Connect
    let status: Status
    let message: Message
    let finish: Finish
    let exec: Exec
    let resultStatus: ResultStatus
    let clear: Clear

    /// How long loading libpq (and the libraries it needs) took, in milliseconds.
    let loadMilliseconds: Double

    /// Loads libpq as `CharflowSync`'s `LibPQ` does (`RTLD_NOW`), or with `lazy` binding (`RTLD_LAZY`:
    /// symbols resolved on first call), or fails saying why.
    init(lazy: Bool = false) throws {
        let started = DispatchTime.now().uptimeNanoseconds
        let mode = lazy ? RTLD_LAZY : RTLD_NOW
        guard let handle = dlopen("libpq.so.5", mode) ?? dlopen("libpq.so", mode) else {
            throw BenchError("libpq (libpq5) is not installed")
        }
        loadMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        func load<T>(_ name: String, as type: T.Type) throws -> T {
            guard let symbol = dlsym(handle, name) else { throw BenchError("libpq has no \(name)") }
            return unsafeBitCast(symbol, to: type)
        }
        connect = try load("PQconnectdb", as: Connect.self)
        status = try load("PQstatus", as: Status.self)
        message = try load("PQerrorMessage", as: Message.self)
        finish = try load("PQfinish", as: Finish.self)
        exec = try load("PQexec", as: Exec.self)
        resultStatus = try load("PQresultStatus", as: ResultStatus.self)
        clear = try load("PQclear", as: Clear.self)
    }

    /// Connects to `url`, runs `SELECT 1` once plus `roundTrips` more times, and returns the
    /// connection's time and each timed round trip's, in milliseconds.
    func measure(url: String, roundTrips: Int) throws -> (connect: Double, trips: [Double]) {
        let started = DispatchTime.now().uptimeNanoseconds
        let connection = connect(url)
        defer { finish(connection) }
        guard status(connection) == CONNECTION_OK else {
            throw BenchError("cannot connect: " + (message(connection).map { String(cString: $0) } ?? "no answer"))
        }
        try selectOne(connection)
        let connected = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        var trips: [Double] = []
        trips.reserveCapacity(roundTrips)
        for _ in 0..<roundTrips {
            let before = DispatchTime.now().uptimeNanoseconds
            try selectOne(connection)
            trips.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e6)
        }
        return (connected, trips)
    }

    private func selectOne(_ connection: OpaquePointer?) throws {
        let result = exec(connection, "SELECT 1")
        defer { clear(result) }
        guard resultStatus(result) == PGRES_TUPLES_OK else {
            throw BenchError("SELECT 1 failed: " + (message(connection).map { String(cString: $0) } ?? "no answer"))
        }
    }

    /// `charflow-bench hub-floor URL [--round-trips N] [--lazy] [--store PATH]`.
    static func main(_ argv: ArraySlice<String>) {
        var rest = Array(argv)
        let lazy = rest.contains("--lazy")
        rest.removeAll { $0 == "--lazy" }
        if let flag = rest.firstIndex(of: "--store") {
            guard flag + 1 < rest.count else { fail("--store needs a path") }
            // Both floors in one process: the store opened as `floor` opens it, then the hub reached.
            do {
                let db = try Database(path: rest[flag + 1])
                _ = try db.scalar("SELECT count(*) FROM tasks WHERE id = 'x'")
            } catch {
                fail("hub-floor: \(error)", status: 1)
            }
            rest.removeSubrange(flag...(flag + 1))
        }
        var roundTrips = 0
        if let flag = rest.firstIndex(of: "--round-trips") {
            guard flag + 1 < rest.count, let count = Int(rest[flag + 1]), count >= 0 else { fail("--round-trips needs a number") }
            roundTrips = count
            rest.removeSubrange(flag...(flag + 1))
        }
        guard rest.count == 1 else { fail(usage) }
        do {
            let floor = try HubFloor(lazy: lazy)
            let (connected, trips) = try floor.measure(url: rest[0], roundTrips: roundTrips)
            guard !trips.isEmpty else { return }
            let sorted = trips.sorted()
            func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count - 1)).rounded()))] }
            print("{\"load_ms\": \(floor.loadMilliseconds), \"connect_ms\": \(connected), \"round_trips\": \(trips.count), \"round_trip_ms\": {\"median\": \(at(0.5)), "
                + "\"p99\": \(at(0.99)), \"min\": \(sorted[0])}}")
        } catch {
            fail("hub-floor: \(error)", status: 1)
        }
    }
}
