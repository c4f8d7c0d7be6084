import Foundation

/// A folder with a short path, for the Unix sockets a test's tmux server or systemd's check makes.
///
/// A socket's path must fit in 108 bytes; a runner's folder under a long `TMPDIR` (a second copy of the
/// suite on a scratch folder) leaves no room for one, so these live in /tmp whatever `TMPDIR` says.
enum SocketFolder {
    /// Makes a new folder, mode 0700; the caller removes it.
    static func make() throws -> String {
        let path = "/tmp/cf-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        return path
    }
}
