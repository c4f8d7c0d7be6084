import Foundation
import Testing

/// What the sign-in tests read of a runner's state folder (`HOME/.local/state/charflow`), and
/// `charflow open` run with a recording `xdg-open` on its PATH.
///
/// The recording `xdg-open` is a real two-line shell script: it appends the URL it was given to
/// `opened` beside it and exits 0, as the desktop's opener would after handing the URL to a browser.
struct ServeState {
    let runner: CharflowRunner

    var folder: String { runner.folder.path + "/.local/state/charflow" }

    /// The one file of the store's server ending in `.kind` (`secret`, `links`, `server`, `log`), or nil.
    func file(_ kind: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.first { $0.hasPrefix("serve-") && $0.hasSuffix("." + kind) }.map { folder + "/" + $0 }
    }

    /// The process id in the store's server note, if there is one.
    var recordedPid: Int? {
        guard let path = file("server"), let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Int($0) }
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return info.st_mode & 0o777
    }

    /// The folder holding the recording `xdg-open`, made on first use.
    var openerFolder: String {
        let bin = runner.folder.path + "/bin"
        let script = bin + "/xdg-open"
        if !FileManager.default.fileExists(atPath: script) {
            try? FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> \"$(dirname \"$0\")/opened\"\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        }
        return bin
    }

    /// The URLs the recording `xdg-open` was given, in order.
    var opened: [String] {
        let text = (try? String(contentsOfFile: openerFolder + "/opened", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Runs `charflow open --port 0 --json` with `path` as PATH (the recording opener's by default).
    func open(path: String? = nil) throws -> (status: Int32, json: [String: Any], stderr: String) {
        let result = try runner.run(["open", "--port", "0", "--json"], extra: ["PATH": path ?? (openerFolder + ":/usr/bin:/bin")])
        let json = (try? result.json()) ?? [:]
        return (result.status, json, result.stderr)
    }

    /// The processes running `charflow serve` over this runner's store.
    var servers: [Int32] {
        let wanted = "CHARFLOW_DB=" + runner.storePath
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard ServeState.isRunning(pid),
                  let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            let variables = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.contains("serve") && variables.contains(wanted)
        }
    }

    /// Whether `pid` is a live process (not gone, not a zombie waiting for its new parent).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
        return state != "Z" && state != "X"
    }

    /// Stops a server `open` started in the background (not a child of the test): SIGTERM, then waits
    /// up to 20 s for it to end and its note in the state folder to go.
    func stopServer(_ pid: Int32) {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, ServeState.isRunning(pid) || file("server") != nil {
            usleep(20_000)
        }
        if ServeState.isRunning(pid) {
            kill(pid, SIGKILL)
            Issue.record("the server \(pid) did not stop on SIGTERM")
        }
    }
}
