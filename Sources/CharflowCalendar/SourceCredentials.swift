import CharflowCore
import Foundation

/// The user name and password a request to a source signs in with, read when the request is made and
/// never kept (rule F-9).
///
/// From the source's password file when it names one: the file's first line is the password, and it
/// must be readable by its owner alone (mode 0600 or 0400); the user name is the address's
/// (`https://alice@host/…`), else the login `.netrc` gives for the host. Otherwise from `~/.netrc`:
/// the entry for the address's host (and its user, when the address names one). No password file
/// and no entry: the request goes without credentials.
struct SourceCredentials: Sendable {
    let user: String
    let password: String
    /// Where they came from, as a refusal names it ("/home/sam/.netrc").
    let origin: String

    static func find(for address: SourceAddress, passwordFile: String?,
                     environment: CalendarEnvironment) throws(CalendarFailure) -> SourceCredentials? {
        let netrc = environment.netrcPath.flatMap { path in
            (try? String(contentsOfFile: path, encoding: .utf8)).map { (path, NetrcFile($0)) }
        }
        let entry = netrc?.1.entry(host: address.host, login: address.user)
        if let passwordFile {
            let path = environment.absolute(passwordFile)
            let password = try read(passwordFile: path)
            guard let user = address.user ?? entry?.login else {
                throw .passwordFile(path: path, problem: .noUserName)
            }
            return SourceCredentials(user: user, password: password, origin: path)
        }
        guard let netrc, let entry, let password = entry.password else { return nil }
        return SourceCredentials(user: entry.login ?? address.user ?? "", password: password, origin: netrc.0)
    }

    /// The password a password file holds: its first line. Refused when the file cannot be read, is
    /// not a regular file, may be read by its group or others, or is empty.
    static func read(passwordFile path: String) throws(CalendarFailure) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .passwordFile(path: path, problem: .unreadable(reason: String(cString: strerror(errno))))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .passwordFile(path: path, problem: .unreadable(reason: "it is not a file"))
        }
        let mode = Int(status.st_mode & 0o777)
        guard mode & 0o077 == 0 else { throw .passwordFile(path: path, problem: .openToOthers(mode: mode)) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .passwordFile(path: path, problem: .unreadable(reason: String(cString: strerror(errno))))
        }
        let text = String(decoding: data, as: UTF8.self)
        let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let password = first.hasSuffix("\r") ? String(first.dropLast()) : String(first)
        guard !password.isEmpty else { throw .passwordFile(path: path, problem: .empty) }
        return password
    }
}
