import CharflowCore
import CharflowStore
import Foundation

/// Read the settings: every one, or one by its key (P-7).
public enum ReadSettings {
    public struct Input: Decodable, Sendable {
        /// The one setting to read; nil for all of them.
        public var key: SettingKey?

        public init(key: SettingKey? = nil) {
            self.key = key
        }
    }
}

extension Charflow {
    public func readSettings(_ input: ReadSettings.Input = .init()) throws -> SettingsReport {
        let keys = input.key.map { [$0.name] } ?? PlannerSettings.keys
        return SettingsReport(pairs: keys.map { ($0, effectiveValue(of: $0)) }, meaning: nil)
    }
}
