import Foundation
import Testing

/// Runs a script of `Tests/Support` with the Python that `scripts/test` sets up, and reads its JSON.
///
/// `scripts/test` installs the packages (scripts/setup, PYTHON_PACKAGES) into `.build/python` and names
/// that interpreter in `CHARFLOW_PYTHON`; without it, python3 from PATH. A missing interpreter or module
/// fails the test with the fix in its message: it never skips.
public enum PythonReference {
    public static let install = "Run the tests with `scripts/test`, which installs them, or `pip install icalendar recurring-ical-events radicale`."

    public static var support: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Support")
    }

    /// The interpreter and the arguments that run `script` with `arguments`.
    public static func command(_ script: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        let path = support.appendingPathComponent(script).path
        if let python = ProcessInfo.processInfo.environment["CHARFLOW_PYTHON"], !python.isEmpty {
            return (python, [path] + arguments)
        }
        return ("/usr/bin/env", ["python3", path] + arguments)
    }

    /// Runs `script` to its end and returns the JSON object it printed.
    public static func json(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        let (executable, all) = command(script, arguments)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charflow-py-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outFile = folder.appendingPathComponent("out")
        let errFile = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = all
        let out = try FileHandle(forWritingTo: outFile)
        let err = try FileHandle(forWritingTo: errFile)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        if process.terminationStatus == 3 { Issue.record("Python modules are missing: \(stdout) \(stderr) \(install)") }
        try #require(process.terminationStatus == 0, "\(script) exited \(process.terminationStatus): \(stdout) \(stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any], "\(script) printed no JSON object: \(stdout) \(stderr)")
    }
}
