import Foundation

/// A real PostgreSQL database for one sync test: a database of its own on the test process's one
/// server (`PostgresServer`), dropped when the value goes away (also when the test that made it fails),
/// with the roles the test made.
///
/// A hub "goes down" and "comes back" for its own database only (`stop`, `start`): the server stays up
/// for every other test's hub. Advisory locks, notifications and settings a test changes with
/// `ALTER DATABASE` are the database's own, so tests running at once never see each other's.
final class PostgresHub {
    let server: PostgresServer
    /// The database this hub is.
    let database: String
    private var roles: [String] = []

    var port: Int { server.port }

    /// The connection string a device syncs through.
    var url: String { "postgresql://postgres@127.0.0.1:\(port)/\(database)" }

    /// A new, empty database; `creating` adds to its `CREATE DATABASE` (a template, a locale).
    init(creating options: String = "") throws {
        server = try PostgresServer.shared()
        database = server.newDatabaseName()
        try server.rows("CREATE DATABASE \(database) \(options)")
    }

    deinit {
        server.forgetConnections(to: database)
        _ = try? server.rows("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
        for role in roles {
            server.forgetSignIn(of: role)
            _ = try? server.rows("DROP ROLE IF EXISTS \(role)")
        }
    }

    /// Takes the hub away at once, as a crash or a pulled cable would: no new connection to its database
    /// is taken, and every open one is cut (what it had not committed is lost).
    func stop() {
        server.forgetConnections(to: database)
        _ = try? server.rows("ALTER DATABASE \(database) ALLOW_CONNECTIONS false")
        let deadline = Date().addingTimeInterval(10)
        // A connection that was being made as the database closed can show up a moment later.
        while Date() < deadline, (try? server.rows("""
            SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity WHERE datname = '\(database)'
            """).first) != "0" {
            usleep(10_000)
        }
    }

    /// Brings the hub back: its database takes connections again, holding what it held.
    func start() throws {
        try server.rows("ALTER DATABASE \(database) ALLOW_CONNECTIONS true")
    }

    /// A superuser role, named from `user` and this database, that signs in with `password` over TCP
    /// to this database only (every other role keeps trust; it is refused everywhere else), for the
    /// tests of where a hub's password is kept. Returns the URL it syncs through, which carries the
    /// password, and the role's name.
    func requirePassword(for user: String, _ password: String) throws -> (url: String, role: String) {
        let role = "\(user)_\(database)"
        try server.rows("CREATE ROLE \(role) LOGIN SUPERUSER PASSWORD '\(password)'")
        roles.append(role)
        try server.requirePassword(of: role, on: database)
        return ("postgresql://\(role):\(password)@127.0.0.1:\(port)/\(database)", role)
    }

    /// Rows of `sql` run through `psql` in this database, each as its `|`-separated columns.
    @discardableResult
    func rows(_ sql: String) throws -> [String] {
        try server.rows(sql, database: database)
    }

    /// The single value `sql` returns.
    func value(_ sql: String) throws -> String {
        try rows(sql).first ?? ""
    }
}
