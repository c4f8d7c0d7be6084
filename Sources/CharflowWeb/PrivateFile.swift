import Foundation

/// A small file only its owner may read (0600), written whole: to a temporary name beside it, then moved
/// into place, so a reader sees the old text or the new, never half of one.
enum PrivateFile {
    struct WriteFailure: Error {
        let path: String
    }

    /// Writes `text` at `path`; with `replacing` false an existing file is kept (the first writer wins).
    static func write(_ text: String, to path: String, replacing: Bool) throws {
        let temporary = "\(path).\(getpid())-\(UInt32.random(in: .min ... .max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteFailure(path: path) }
        fchmod(descriptor, 0o600)
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(temporary) }
        guard written == bytes.count, synced else { throw WriteFailure(path: path) }
        if replacing {
            guard rename(temporary, path) == 0 else { throw WriteFailure(path: path) }
        } else if link(temporary, path) != 0, errno != EEXIST {
            throw WriteFailure(path: path)
        }
    }

    /// The file's text, or nil when it cannot be read.
    static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
