import CharflowCore
import CharflowStore
import CharflowSync
import Foundation

/// What Charflow keeps and where (P-9), and, once a hub is set, what leaves the machine and where to
/// (rule Y-27): the hub named without its password, and where its password is kept.
public struct PrivacyReport: Report, Sendable, Equatable {
    public let store: String
    /// The hub this store syncs with, shown without its password; nil when it has none.
    public let hub: String?
    /// Where the calendars this device reads are (paths and addresses), in the order they were added.
    public let calendars: [String]
    public let message: String

    /// `privacy --json` and `GET /api/privacy`; `hub` only when one is set, `calendars` only when the
    /// device reads some.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [("message", .string(message)), ("store", .string(store))]
        if let hub { fields.append(("hub", .string(hub))) }
        if !calendars.isEmpty { fields.append(("calendars", .array(calendars.map(JSONValue.string)))) }
        return .object(fields)
    }
}

extension StoreEnvironment {
    /// Read what this store keeps, and what it sends where; opens nothing for writing.
    public func privacy() -> PrivacyReport {
        let hub = rememberedHub()
        var message = hub.map { Messages.privacy(hub: $0, passwordFile: PasswordFile.path, blind: keepsHubKey()) } ?? Messages.privacy
        let calendars = StoreFile.calendarLocations(at: path)
        if !calendars.isEmpty { message += " " + CalendarMessages.privacy(calendars) }
        return PrivacyReport(store: path, hub: hub, calendars: calendars, message: message)
    }

    /// The hub the store remembers, shown without its password, read straight from the file (no
    /// migration, no rollover); nil when there is none or the file cannot be read.
    func rememberedHub() -> String? {
        StoreFile.hubBinding(at: path)?.url.map(HubAddress.shown)
    }

    /// Whether this device keeps a key for the hub it is bound to: a hub made with a passphrase (Y-32).
    func keepsHubKey() -> Bool {
        guard let hubID = StoreFile.hubBinding(at: path)?.hubID else { return false }
        return HubKey.keepsKey(hubID: hubID)
    }
}
