import CLibPQ
import Foundation
import Synchronization

/// The test process's own libpq connections to its PostgreSQL server, kept open between statements:
/// what the tests read and change on a hub beside the devices.
///
/// A statement once went through `psql`: a process, its start, and a server process of its own each
/// time, some 1,400 a run. A connection is now taken from the ones idle for that database, or made, and
/// given back when its statements ended with no transaction open; one that failed, or that the
/// server ended (a hub taken down, a dropped database), is closed instead, so no transaction reaches
/// the next statement. What a session sets outside one (`SET`, a session-level advisory lock) stays
/// with it, unlike psql's: no test sets any. Each caller has a connection to itself while its statements run.
final class PostgresConnections: Sendable {
    private let port: Int
    private let idle = Mutex<[String: [Link]]>([:])

    /// One libpq connection; used by one caller at a time (taken from or given back to `idle`).
    private final class Link: @unchecked Sendable {
        let connection: OpaquePointer

        init(_ connection: OpaquePointer) {
            self.connection = connection
        }

        deinit {
            PQfinish(connection)
        }

        /// Whether the server still holds it: reads what waits on the socket (a server that ended the
        /// session has sent its last words and closed), without a round trip.
        var isOpen: Bool {
            PQconsumeInput(connection) == 1 && PQstatus(connection) == CONNECTION_OK
        }
    }

    init(port: Int) {
        self.port = port
    }

    /// The rows every statement of `sql` returned, in order, each as its columns joined by `|` (NULL
    /// empty), as `psql -At` printed them; a refusal throws with its severity and SQLSTATE first
    /// ("ERROR:  CF001: …"), as psql's verbose errors did.
    func rows(_ sql: String, database: String) throws -> [String] {
        let (link, reused) = try take(database)
        do {
            return try rows(sql, over: link, database: database)
        } catch let failure as Refusal where reused && failure.connectionLost {
            // The server ended this kept session between its last statement and this one (before this
            // one ran: a session it ends takes its open transaction with it); a new one runs it.
            return try rows(sql, over: try connect(database), database: database)
        }
    }

    /// Closes the idle connections to `database` (before it is dropped or taken down).
    func forget(_ database: String) {
        idle.withLock { $0[database] = nil }
    }

    private struct Refusal: Error, CustomStringConvertible {
        let description: String
        let connectionLost: Bool
    }

    private func rows(_ sql: String, over link: Link, database: String) throws -> [String] {
        guard PQsendQuery(link.connection, sql) == 1 else {
            throw Refusal(description: "\(database): \(String(cString: PQerrorMessage(link.connection)))", connectionLost: true)
        }
        var lines: [String] = []
        var refusal: String?
        while let result = PQgetResult(link.connection) {
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_TUPLES_OK:
                for row in 0..<PQntuples(result) {
                    let fields = (0..<PQnfields(result)).map { column in
                        PQgetisnull(result, row, column) == 1 ? "" : String(cString: PQgetvalue(result, row, column))
                    }
                    lines.append(fields.joined(separator: "|"))
                }
            case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                break
            default:
                refusal = refusal ?? Self.describe(result, of: link)
            }
        }
        let lost = PQstatus(link.connection) != CONNECTION_OK
        if let refusal {
            throw Refusal(description: "\(database): \(refusal)", connectionLost: lost)
        }
        if !lost, PQtransactionStatus(link.connection) == PQTRANS_IDLE {
            idle.withLock { $0[database, default: []].append(link) }
        }
        // psql printed each row on a line; lines were split apart again, empty ones dropped.
        return lines.joined(separator: "\n").split(separator: "\n").map(String.init)
    }

    /// A refusal as psql's verbose error began: "ERROR:  CF001: message", with its detail.
    private static func describe(_ result: OpaquePointer, of link: Link) -> String {
        func field(_ code: Character) -> String? {
            PQresultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) }
        }
        guard let primary = field("M") else { return String(cString: PQerrorMessage(link.connection)) }
        let severity = field("V") ?? field("S") ?? "ERROR"
        let code = field("C").map { "\($0): " } ?? ""
        return "\(severity):  \(code)\(primary)" + (field("D").map { "\nDETAIL:  \($0)" } ?? "")
    }

    /// An idle connection to `database` the server still holds, else a new one; and whether it was kept.
    private func take(_ database: String) throws -> (Link, reused: Bool) {
        while let kept = idle.withLock({ $0[database]?.popLast() }) {
            if kept.isOpen { return (kept, true) }
        }
        return (try connect(database), false)
    }

    private func connect(_ database: String) throws -> Link {
        let made = PQconnectdb("host=127.0.0.1 port=\(port) user=postgres dbname=\(database) application_name=charflow-tests connect_timeout=10")
        guard let made else { throw Refusal(description: "\(database): out of memory", connectionLost: true) }
        let link = Link(made)
        guard PQstatus(made) == CONNECTION_OK else {
            throw Refusal(description: "\(database): \(String(cString: PQerrorMessage(made)))", connectionLost: false)
        }
        // The server's notices ("does not exist, skipping") went to psql's stderr, read only on a failure.
        PQsetNoticeProcessor(made, { _, _ in }, nil)
        return link
    }
}
