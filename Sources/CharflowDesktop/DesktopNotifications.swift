import CSDBus
import CharflowApp
import CharflowCore
import Foundation

/// The desktop's notification service as a reminder channel (rule R-7): freedesktop Notifications'
/// `Notify` on the session D-Bus, through libsystemd's sd-bus opened with `dlopen` (`Sources/CSDBus`).
///
/// The bus is the one the command's environment names (`DBUS_SESSION_BUS_ADDRESS`, else
/// `$XDG_RUNTIME_DIR/bus` when it exists). With no bus, no libsystemd or no notification service, a
/// reminder is `.unavailable`: nothing is printed and nothing fails, and it is offered again at
/// the next look while it is still due. Each call waits five seconds at most for the service.
public struct DesktopNotifications: ReminderChannel, Sendable {
    /// The session bus's address, or nil when the environment names none.
    public let address: String?

    public var name: String { "desktop" }

    public init(environment: [String: String]) {
        address = DesktopNotifications.sessionBus(environment)
    }

    /// The session bus of `environment`: its `DBUS_SESSION_BUS_ADDRESS`, else the socket systemd's user
    /// session keeps at `$XDG_RUNTIME_DIR/bus`.
    static func sessionBus(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let folder = environment["XDG_RUNTIME_DIR"], folder.hasPrefix("/") else { return nil }
        let socket = folder + "/bus"
        guard FileManager.default.fileExists(atPath: socket) else { return nil }
        return "unix:path=" + escaped(socket)
    }

    /// `text` as a D-Bus address value: every byte but `-0-9A-Za-z_/.\*` as `%XX`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-_/.\\*".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    public func show(_ reminder: Reminder) -> ReminderHandover {
        guard let address else { return .unavailable }
        var id: UInt32 = 0
        var errorName = [CChar](repeating: 0, count: 256)
        let result = charflow_notify(address, Messages.reminderTitle, Messages.reminderTitle, reminder.message,
                                     5_000_000, &id, &errorName, errorName.count)
        return result == Int32(CHARFLOW_NOTIFY_SHOWN.rawValue) ? .shown : .unavailable
    }
}
