import Foundation

/// A fresh folder for one test, inside one folder per test process that goes when the process exits.
///
/// The suites make thousands of stores; none is left in the temporary directory after a run. (A
/// process killed mid-run leaves its one folder, named with its process id.)
public enum TestFolder {
    /// A new empty folder named `prefix-UUID`.
    public static func make(_ prefix: String) throws -> URL {
        let folder = root.appendingPathComponent(prefix + "-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static let root: URL = {
        atexit { try? FileManager.default.removeItem(atPath: TestFolder.rootPath()) }
        return URL(fileURLWithPath: rootPath(), isDirectory: true)
    }()

    /// `$TMPDIR/charflow-tests-PID`.
    static func rootPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("charflow-tests-\(getpid())").path
    }
}
