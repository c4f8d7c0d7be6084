import Foundation

/// Creates the folders a store or an export lives in, readable by their owner only (0700).
///
/// Only folders it creates get that mode: a folder that already exists is left as its owner set it.
package enum PrivateFolder {
    /// Creates `path` and any missing parents with mode 0700; a failure is left for the open to report.
    package static func create(_ path: String) {
        guard !path.isEmpty else { return }
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !FileManager.default.fileExists(atPath: current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for folder in missing.reversed() {
            _ = mkdir(folder, 0o700)
        }
    }
}
