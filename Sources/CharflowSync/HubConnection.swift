import CharflowStore
import CLibPQ
import Foundation

/// One libpq connection to a hub: statements with text parameters, rows as text.
///
/// Errors become `SyncError`: a connection that fails or drops is `unreachable`, a statement the
/// server rejects is `refused` with the server's primary message (never the SQL) and its SQLSTATE.
final class HubConnection {
    let connection: OpaquePointer
    let pq: LibPQ

    /// Connects to `url` (a libpq URI or key=value string); gives up after 10 seconds unless the URL
    /// says otherwise.
    init(url: String) throws {
        guard let pq = LibPQ.shared else { throw SyncError.unreachable("libpq (libpq5) is not installed on this machine") }
        self.pq = pq
        // A string libpq cannot read as a connection string would otherwise be taken as a database
        // name on the local socket, and fail as a socket error that says nothing of the typo.
        var parseError: UnsafeMutablePointer<CChar>?
        guard let options = pq.conninfoParse(url, &parseError) else {
            let detail = HubConnection.firstLine(parseError)
            pq.freemem(parseError)
            throw SyncError.malformedHub(detail)
        }
        pq.conninfoFree(options)
        // The password file is named, not left to libpq's reading of the process's environment, so that
        // libpq reads the file `PasswordFile` keeps; a `passfile` in the URL still comes later and wins.
        let keys = ["connect_timeout", "application_name", "passfile", "dbname"]
        let values = ["10", "charflow", PasswordFile.path, url]
        var keyPointers = keys.map { strdup($0) } + [nil]
        var valuePointers = values.map { strdup($0) } + [nil]
        defer {
            keyPointers.forEach { free($0) }
            valuePointers.forEach { free($0) }
        }
        let made = keyPointers.withUnsafeMutableBufferPointer { keyBuffer in
            valuePointers.withUnsafeMutableBufferPointer { valueBuffer in
                keyBuffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: keys.count + 1) { k in
                    valueBuffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: keys.count + 1) { v in
                        pq.connectdbParams(k, v, 1)
                    }
                }
            }
        }
        guard let made else { throw SyncError.unreachable("out of memory") }
        guard pq.status(made) == CONNECTION_OK else {
            let detail = HubConnection.firstLine(pq.errorMessage(made))
            pq.finish(made)
            throw SyncError.unreachable(detail)
        }
        connection = made
        // The server's notices and warnings ("already exists, skipping", "terminating connection")
        // would go straight to stderr; what matters reaches the caller as an error instead.
        _ = pq.setNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit {
        pq.finish(connection)
    }

    /// Whether the connection is still open as far as libpq knows (one that dropped while idle says
    /// so only at its next statement).
    var isOpen: Bool { pq.status(connection) == CONNECTION_OK }

    /// Runs one statement with `parameters` as text ($1, $2, …; nil is NULL) and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        let result = withCStrings(parameters) { count, values in
            pq.execParams(connection, sql, count, nil, values, nil, nil, 0)
        }
        return try rows(of: result)
    }

    /// Runs one statement as `query` does, and `meanwhile` while the hub works on it: the statement's
    /// rows, or its refusal, once both are done (the answer is read even when `meanwhile` throws, so
    /// the connection is ready for the next statement).
    func query(_ sql: String, _ parameters: [String?], meanwhile: () throws -> Void) throws -> [[String?]] {
        let sent = withCStrings(parameters) { count, values in
            pq.sendQueryParams(connection, sql, count, nil, values, nil, nil, 0)
        }
        guard sent == 1 else { throw SyncError.unreachable(HubConnection.firstLine(pq.errorMessage(connection))) }
        var failure: Error?
        do { try meanwhile() } catch { failure = error }
        // One statement, one result; libpq then answers nil, which makes the connection free again.
        let result = pq.getResult(connection)
        while let extra = pq.getResult(connection) { pq.clear(extra) }
        let rows = try rows(of: result)
        if let failure { throw failure }
        return rows
    }

    /// Calls `body` with `parameters` as libpq takes them: a count and C strings (nil is NULL), alive
    /// for the call.
    private func withCStrings<T>(_ parameters: [String?], _ body: (Int32, LibPQ.Strings) -> T) -> T {
        var copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: parameters.count) { values in
                    body(Int32(parameters.count), values)
                }
            } ?? body(0, nil)
        }
    }

    /// Runs one or more statements that take no parameters.
    func execute(_ sql: String) throws {
        _ = try rows(of: pq.exec(connection, sql))
    }

    /// Runs `body` in one hub transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func rows(of result: OpaquePointer?) throws -> [[String?]] {
        guard let result else { throw SyncError.unreachable(HubConnection.firstLine(pq.errorMessage(connection))) }
        defer { pq.clear(result) }
        switch pq.resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return []
        case PGRES_TUPLES_OK:
            let count = pq.ntuples(result)
            let width = pq.nfields(result)
            return (0..<count).map { row in
                (0..<width).map { column in
                    pq.getisnull(result, row, column) == 1 ? nil : pq.getvalue(result, row, column).map { String(cString: $0) }
                }
            }
        default:
            if pq.status(connection) != CONNECTION_OK {
                throw SyncError.unreachable(HubConnection.firstLine(pq.errorMessage(connection)))
            }
            let primary = pq.resultErrorField(result, LibPQ.primaryMessage).map { String(cString: $0) }
            let code = pq.resultErrorField(result, LibPQ.sqlState).map { String(cString: $0) }
            throw SyncError.refused(primary ?? HubConnection.firstLine(pq.errorMessage(connection)), sqlState: code)
        }
    }

    static func firstLine(_ text: UnsafePointer<CChar>?) -> String {
        let whole = text.map { String(cString: $0) } ?? ""
        let line = whole.split(separator: "\n").first.map(String.init) ?? "no answer"
        return line.trimmingCharacters(in: .whitespaces)
    }
}
