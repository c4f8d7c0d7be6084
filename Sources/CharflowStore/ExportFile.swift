import CharflowCore
import Foundation

/// The file `export --out` writes: written through the path it names, and replaced only once whole.
///
/// A symbolic link is followed, so the file it points at gets the export and the link stays. A
/// regular file keeps its mode and owner; one with other hard links is rewritten in place, so every
/// name still shows the export. Anything else that exists (a device, a pipe) is written straight
/// through, and a write it refuses is reported. A new file is created 0600. Until `commit()` the
/// export goes to a temporary file beside the target, so a failure part way leaves the target as it was.
package final class ExportFile {
    /// Where the export's bytes go now.
    package let descriptor: Int32
    private let target: String
    private let temporary: String?
    private let inPlace: Bool
    private var closed = false

    /// Opens the export at `path`; refuses a folder or a path whose folder does not exist.
    package init(path: String) throws {
        var status = stat()
        if stat(path, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            guard kind != S_IFDIR else { throw FileFailure.exportTarget(path) }
            guard kind == S_IFREG, let resolved = ExportFile.resolved(path) else {
                // A device, a pipe or a socket: written straight through; its own writes report failure.
                let direct = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
                guard direct >= 0 else { throw ExportFile.failure(path) }
                (descriptor, target, temporary, inPlace) = (direct, path, nil, false)
                return
            }
            // A file its owner made read-only is not replaced behind their back.
            guard access(resolved, W_OK) == 0 else { throw FileFailure.writeFailed(String(cString: strerror(errno))) }
            let partial = resolved + ".charflow-partial"
            let file = try ExportFile.createTemporary(partial, for: path)
            // The temporary file takes the target's mode and owner, so the rename keeps them.
            _ = fchmod(file, status.st_mode & 0o7777)
            _ = fchown(file, status.st_uid, status.st_gid)
            (descriptor, target, temporary, inPlace) = (file, resolved, partial, status.st_nlink > 1)
        } else {
            var link = stat()
            guard errno == ENOENT, lstat(path, &link) != 0 else { throw FileFailure.exportTarget(path) }
            let partial = path + ".charflow-partial"
            (descriptor, target, temporary, inPlace) = (try ExportFile.createTemporary(partial, for: path), path, partial, false)
        }
    }

    deinit { abandon() }

    /// Writes all of `bytes`, retrying short writes; throws the system's reason when a write fails.
    package func write(_ bytes: [UInt8]) throws {
        try ExportFile.write(bytes, to: descriptor)
    }

    /// Writes all of `bytes` to `descriptor` (standard output, say), throwing when a write fails.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw FileFailure.writeFailed(String(cString: strerror(errno)))
                }
                written += result
            }
        }
    }

    /// Makes the export the target's content: syncs it and renames it over the target (or copies it
    /// into a hard-linked target); any failure is reported and the temporary file removed.
    package func commit() throws {
        guard let temporary else {
            closed = true
            guard close(descriptor) == 0 else { throw FileFailure.writeFailed(String(cString: strerror(errno))) }
            return
        }
        do {
            guard fsync(descriptor) == 0 else { throw FileFailure.writeFailed(String(cString: strerror(errno))) }
            if inPlace {
                try copyIntoTarget()
            } else {
                guard rename(temporary, target) == 0 else { throw FileFailure.writeFailed(String(cString: strerror(errno))) }
            }
        } catch {
            abandon()
            throw error
        }
        closed = true
        close(descriptor)
        if inPlace { unlink(temporary) }
    }

    /// Closes and removes the temporary file, leaving the target as it was.
    package func abandon() {
        guard !closed else { return }
        closed = true
        close(descriptor)
        if let temporary { unlink(temporary) }
    }

    private func copyIntoTarget() throws {
        let output = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard output >= 0 else { throw FileFailure.writeFailed(String(cString: strerror(errno))) }
        defer { close(output) }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw FileFailure.writeFailed(String(cString: strerror(errno))) }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileFailure.writeFailed(String(cString: strerror(errno))) }
            if count == 0 { break }
            try ExportFile.write(Array(chunk[0..<count]), to: output)
        }
        guard fsync(output) == 0 else { throw FileFailure.writeFailed(String(cString: strerror(errno))) }
    }

    private static func createTemporary(_ partial: String, for path: String) throws -> Int32 {
        unlink(partial)
        let file = open(partial, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw FileFailure.exportTarget(path) }
        return file
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func failure(_ path: String) -> FileFailure {
        errno == EISDIR || errno == ENOENT || errno == ENOTDIR ? .exportTarget(path) : .writeFailed(String(cString: strerror(errno)))
    }
}
