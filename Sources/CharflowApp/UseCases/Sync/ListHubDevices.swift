import CharflowCore
import CharflowSync
import Foundation

/// Which hub `hub devices` and `hub forget` reach: the one named, else `CHARFLOW_HUB`'s, else the one
/// the store remembers (as `sync`).
public struct HubChoice: Sendable {
    public var hub: String?
    public var environmentHub: String?

    public init(hub: String? = nil, environmentHub: String? = nil) {
        self.hub = hub
        self.environmentHub = environmentHub
    }
}

/// The devices a hub knows (rule Y-31), the first registered first.
public struct HubDevicesReport: Sendable, Equatable {
    public struct Device: Sendable, Equatable {
        public let id: String
        public let isThisDevice: Bool
        /// When its first push reached the hub and when it last synced (UTC storage text, the hub's clock).
        public let registered: String
        public let lastSync: String
        /// The same two in this machine's zone: "today at 17:05", "28 Nov at 09:00".
        public let registeredText: String
        public let lastSyncText: String
        /// The operations the hub holds from it.
        public let operations: Int
    }

    public let devices: [Device]

    /// `hub devices`.
    public var text: String {
        SyncMessages.hubDevices(devices.map {
            (id: $0.id, isThisDevice: $0.isThisDevice, registered: $0.registeredText, lastSync: $0.lastSyncText,
             operations: $0.operations)
        })
    }

    /// `hub devices --json`.
    public var json: JSONValue {
        .object([("devices", .array(devices.map { device in
            .object([
                ("id", .string(device.id)), ("thisDevice", .bool(device.isThisDevice)), ("registered", .string(device.registered)),
                ("lastSync", .string(device.lastSync)), ("operations", .int(device.operations)),
            ])
        }))])
    }
}

extension Charflow {
    /// List the devices the hub knows, this one marked; reads the hub, writes nothing here.
    public func listHubDevices(_ input: HubChoice) throws -> HubDevicesReport {
        let client = SyncClient(store: store)
        let url = try client.hubURL(given: input.hub, environment: input.environmentHub)
        let today = calendar.calendarDay(at: now)
        func local(_ text: String) -> String {
            guard let instant = Instant.parseStorageText(text) else { return text }
            return "\(DayText.relative(calendar.calendarDay(at: instant), today: today)) at \(calendar.timeOfDay(at: instant).description)"
        }
        return HubDevicesReport(devices: try client.hubDevices(url: url).map {
            HubDevicesReport.Device(id: $0.id, isThisDevice: $0.isThisDevice, registered: $0.registered, lastSync: $0.lastSync,
                                    registeredText: local($0.registered), lastSyncText: local($0.lastSync), operations: $0.operations)
        })
    }
}
