import CharflowApp
import CharflowCore
import Foundation

/// `GET /api/export`: the lossless JSON backup of `charflow export`, sent as a file to save
/// (`Content-Disposition: attachment`), named after the store's day.
///
/// The backup is written as the CLI writes it, to a private file (0600) beside the store that is read
/// back and removed at once; a damaged store's partial backup is refused as the CLI refuses it.
enum BackupDownload {
    static func response(_ app: Charflow, store: StoreEnvironment) throws -> WebResponse {
        let folder = (store.path as NSString).deletingLastPathComponent
        let path = (folder.isEmpty ? "." : folder) + "/.charflow-download-\(AccessToken.fresh().text).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try app.export(format: "json", table: "tasks", to: .file(path))
        guard let data = FileManager.default.contents(atPath: path) else {
            return .error(500, code: "internal", message: WebMessages.exportUnreadable)
        }
        return WebResponse(status: 200, contentType: "application/json; charset=utf-8", body: Array(data), headers: [
            ("Content-Disposition", "attachment; filename=\"charflow-backup-\(app.today.description).json\""),
        ])
    }
}
