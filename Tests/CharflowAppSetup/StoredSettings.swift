import CharflowCore
@testable import CharflowStore

extension Store {
    /// Stores a setting as the settings use case does (one undoable action through the settings
    /// records, then a reload), for store tests that need one set before what they test.
    package func setSetting(_ key: String, _ value: String) throws {
        var changed = settings
        try changed.set(key, to: value)
        guard let text = changed.value(of: key) else { return }
        try action("settings") { work in try settingRecords.save(key, text, in: work) }
        try reloadSettings()
    }
}
