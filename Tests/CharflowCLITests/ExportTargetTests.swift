import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// `export --out` writes through the path it is given (issue 17, item 1).
@Suite("Export target: links, modes, devices, failed writes")
struct ExportTargetTests {
    static func store() throws -> CharflowRunner {
        let cf = try CharflowRunner()
        try cf.add("Water the plants", ["--region", "morning"])
        return cf
    }

    static func export(_ cf: CharflowRunner, _ format: String = "json") throws -> String {
        let result = try cf.run(["export", "--format", format])
        expectEqual(result.status, 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("X-1 a symbolic link stays a link and the file it points at gets the export", arguments: ["json", "csv", "ics"])
    func symlinkTarget(format: String) throws {
        let cf = try Self.store()
        defer { cf.removeFolder() }
        let real = cf.folder.appendingPathComponent("real-backup").path
        let link = cf.folder.appendingPathComponent("latest").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let result = try cf.run(["export", "--format", format, "--out", link])
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectEqual(FileManager.default.destinationOfSymbolicLink(atPath: link), real)
        expectEqual(String(decoding: try #require(FileManager.default.contents(atPath: real)), as: UTF8.self), (try Self.export(cf, format)))
        expectTrue(!FileManager.default.fileExists(atPath: real + ".charflow-partial"))
    }

    @Test("X-1 a hard-linked file is rewritten in place: every name shows the export")
    func hardLinkTarget() throws {
        let cf = try Self.store()
        defer { cf.removeFolder() }
        let first = cf.folder.appendingPathComponent("backup.json").path
        let second = cf.folder.appendingPathComponent("backup-copy.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: first))
        try FileManager.default.linkItem(atPath: first, toPath: second)
        let inode = try FileManager.default.attributesOfItem(atPath: first)[.systemFileNumber] as? Int
        let result = try cf.run(["export", "--out", first])
        expectEqual(result.status, 0, "\(result.stderr)")
        let expected = try Self.export(cf)
        expectEqual(String(decoding: try #require(FileManager.default.contents(atPath: second)), as: UTF8.self), expected)
        try expectEqual(FileManager.default.attributesOfItem(atPath: first)[.systemFileNumber] as? Int, inode)
    }

    @Test("X-1 an existing file keeps its mode", arguments: [0o640, 0o600, 0o644])
    func modeKept(mode: Int) throws {
        let cf = try Self.store()
        defer { cf.removeFolder() }
        let out = cf.folder.appendingPathComponent("backup.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: out)
        try expectEqual(cf.run(["export", "--out", out]).status, 0)
        try expectEqual(PrivacyFileTests.mode(out), mode)
        expectEqual(String(decoding: try #require(FileManager.default.contents(atPath: out)), as: UTF8.self), (try Self.export(cf)))
    }

    @Test("X-1 a device that refuses the write is reported, never claimed as exported", arguments: ["json", "csv", "ics"])
    func fullDevice(format: String) throws {
        let cf = try Self.store()
        defer { cf.removeFolder() }
        let result = try cf.run(["export", "--format", format, "--out", "/dev/full"])
        expectEqual(result.status, 1, "\(result.stderr)")
        expectContains(result.stderr, "Could not write the export", "\(result.stderr)")
        expectLacks(result.stderr, "Exported to")
        var status = stat()
        #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/full is still a device")
    }

    @Test("X-1 standard output that refuses the write is reported", arguments: ["json", "csv", "ics"])
    func fullStandardOutput(format: String) throws {
        let cf = try Self.store()
        defer { cf.removeFolder() }
        let result = try cf.run(["export", "--format", format], now: "2026-11-30T09:00", standardOutput: "/dev/full")
        expectEqual(result.status, 1, "\(result.stderr)")
        expectContains(result.stderr, "Could not write the export", "\(result.stderr)")
    }

    @Test("X-1 a folder, a missing folder or a dangling link is refused and nothing is written")
    func notAFile() throws {
        let cf = try Self.store()
        defer { cf.removeFolder() }
        let dangling = cf.folder.appendingPathComponent("dangling").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: cf.folder.appendingPathComponent("nowhere/x").path)
        for out in [cf.folder.path, cf.folder.appendingPathComponent("missing/backup.json").path, dangling] {
            let result = try cf.run(["export", "--out", out])
            expectEqual(result.status, 1, "\(out): \(result.stderr)")
            expectContains(result.stderr, "cannot take an export", "\(out): \(result.stderr)")
        }
        expectTrue(try FileManager.default.destinationOfSymbolicLink(atPath: dangling).hasSuffix("nowhere/x"))
    }

    @Test("X-1 a read-only file is not replaced behind its owner's back", .enabled(if: getuid() != 0))
    func readOnlyFile() throws {
        let cf = try Self.store()
        defer { cf.removeFolder() }
        let out = cf.folder.appendingPathComponent("backup.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: out)
        let result = try cf.run(["export", "--out", out])
        expectEqual(result.status, 1)
        expectEqual(FileManager.default.contents(atPath: out), Data("old".utf8))
    }
}
