import CharflowCore
import Foundation

/// libpq's own password file (`~/.pgpass`, or the file `PGPASSFILE` names), where a hub's password is
/// kept instead of the store (spec D19, rule Y-27).
///
/// It is found through `HomeEnvironment`, and libpq is handed the same path (`HubConnection`), so the
/// two always agree on the file. The file is written whole to a temporary file beside it and renamed
/// over it, mode 0600 (libpq ignores a file others can read). The new lines go first, replacing any
/// line for the same host, port, database and user, since libpq takes the first line that matches.
/// The password is never printed.
package enum PasswordFile {
    /// Where the passwords are kept: `PGPASSFILE`, else `~/.pgpass`.
    package static var path: String {
        let environment = HomeEnvironment.variables
        if let chosen = environment["PGPASSFILE"], !chosen.isEmpty { return chosen }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".pgpass")
    }

    /// Keeps the password `url` carries in the password file and returns `url` without it; `url` as
    /// it is when it carries none.
    package static func keepPassword(of url: String) throws -> String {
        guard let carried = HubPassword.carried(by: url) else { return url }
        try keep(carried)
        return HubAddress.shown(url)
    }

    /// Writes the lines of `password`, first, over any line for the same connection.
    package static func keep(_ password: HubPassword) throws {
        let file = path
        let old = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let replaced = Set(password.matches.map { HubPassword.fields(ofLine: $0) })
        let kept = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            !replaced.contains(Array(HubPassword.fields(ofLine: line).prefix(4)))
        }
        var text = (password.lines + kept).joinedText(separator: "\n")
        if !text.hasSuffix("\n") { text += "\n" }
        let folder = (file as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try writeWhole(text, to: file)
    }

    /// Writes `text` whole to a temporary file beside `file`, mode 0600, synced, and renames it over any
    /// old one: a reader sees the old file or the new one, never a part.
    package static func writeWhole(_ text: String, to file: String) throws(Failure) {
        let temporary = file + ".charflow-" + UUID().uuidString.prefix(8)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(path: file, reason: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: file, reason: reason)
        }
    }

    /// Moves a password an older build kept in the store's hub URL to the password file, and keeps
    /// the URL without it. The store never keeps it, even when the file cannot be written: the next
    /// sync then asks for the URL with its password again (libpq says none was given).
    static func moveStoredPassword(_ db: Database) throws {
        guard let url = try db.scalar("SELECT hub_url FROM sync_state WHERE id = 1")?.text,
              let carried = HubPassword.carried(by: url) else { return }
        try? keep(carried)
        try db.run("UPDATE sync_state SET hub_url = ? WHERE id = 1", [.text(HubAddress.shown(url))])
    }

    /// The password file could not be written; the URL was not remembered, and nothing was sent.
    package struct Failure: CharflowRefusal, Equatable {
        package let path: String
        package let reason: String

        package var code: String { "password_file" }
        package var kind: RefusalKind { .unavailable }
        package var message: String {
            "The hub's password could not be kept in libpq's password file (\(path)): \(reason). Nothing was remembered or sent."
        }
    }
}
