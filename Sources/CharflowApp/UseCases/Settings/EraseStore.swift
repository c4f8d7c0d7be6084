import CharflowCore
import Foundation

extension StoreEnvironment {
    /// Removes the store with its write-ahead log and shared memory, irreversibly (P-9).
    public func erase() throws {
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
