import CharflowCore
import CharflowStore
import Foundation

/// Read the settings: every one, or one by its key (P-7).
public enum ReadSettings {
    public struct Input: Sendable {
        /// The one setting to read; nil for all of them.
        public var key: String?

        public init(key: String? = nil) {
            self.key = key
        }
    }
}

extension Charflow {
    public func readSettings(_ input: ReadSettings.Input = .init()) throws -> SettingsReport {
        if let key = input.key { try Self.checkSettingKey(key) }
        let keys = input.key.map { [$0] } ?? PlannerSettings.keys
        return SettingsReport(pairs: keys.map { ($0, effectiveValue(of: $0)) }, meaning: nil)
    }

    // MARK: From a request

    /// `settings [KEY [VALUE]]`: with a value, the setting is changed first (`changeSetting`).
    public func settings(_ request: Request) throws -> SettingsReport {
        let words = request.words
        if words.count == 2 { return try changeSetting(ChangeSetting.Input(key: words[0], value: words[1])) }
        return try readSettings(ReadSettings.Input(key: words.first))
    }
}
