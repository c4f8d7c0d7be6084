import Foundation

/// A small 0600 file of lines that several processes change (a server, `charflow pair`): every change
/// holds the file's `flock` from reading to writing back.
struct LockedLines {
    let path: String

    struct Unwritable: Error {
        let path: String
    }

    /// Runs `body` on the file's lines with the file locked, then writes back what it left; with
    /// `writing` false the file is only read (a shared lock, nothing written).
    func update<T>(writing: Bool = true, _ body: (inout [String]) throws -> T) throws -> T {
        let descriptor = open(path, (writing ? O_RDWR : O_RDONLY) | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Unwritable(path: path) }
        defer { close(descriptor) }
        guard flock(descriptor, writing ? LOCK_EX : LOCK_SH) == 0 else { throw Unwritable(path: path) }
        if writing { fchmod(descriptor, 0o600) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        let before = lines
        let result = try body(&lines)
        guard writing, lines != before else { return result }
        let out = Array(lines.map { $0 + "\n" }.joined().utf8)
        guard ftruncate(descriptor, 0) == 0,
              out.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) == out.count else {
            throw Unwritable(path: path)
        }
        return result
    }
}
