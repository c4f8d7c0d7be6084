@testable import CharflowDesktop
import CharflowApp
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The desktop channel's side of R-8 that needs no bus: which bus the environment names, and that no bus
/// is quietly "unavailable" at once. Delivery on a real bus is in Tests/Browser/test_reminders.py.
@Suite("Desktop notifications")
struct DesktopNotificationsTests {
    static let reminder: Reminder = {
        // A reminder as the app layer makes them: the review's, from a fresh store at the review time.
        let folder = try! TestFolder.make("charflow-desktop-tests")
        let store = StoreEnvironment(path: folder.appendingPathComponent("charflow.sqlite").path,
                                     timeZone: TimeZone(identifier: "Europe/Berlin")!, localeFirstWeekday: .monday)
        let evening = PlannerCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
            .instant(on: LocalDay("2026-10-25")!, at: TimeOfDay(hour: 18, minute: 30)!)
        return try! store.open(now: evening).reminders().reminders.first!
    }()

    @Test("R-7 the session bus is DBUS_SESSION_BUS_ADDRESS, else the user session's socket when it exists, its path escaped as D-Bus addresses are")
    func whichBus() throws {
        expectEqual(DesktopNotifications(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"]).address, "unix:path=/run/user/1000/bus")
        let folder = try TestFolder.make("charflow run dir")
        expectEqual(DesktopNotifications(environment: ["XDG_RUNTIME_DIR": folder.path]).address, nil, "no socket there")
        FileManager.default.createFile(atPath: folder.appendingPathComponent("bus").path, contents: nil)
        let address = try #require(DesktopNotifications(environment: ["XDG_RUNTIME_DIR": folder.path]).address)
        expectEqual(address, "unix:path=" + folder.path.replacingOccurrences(of: " ", with: "%20") + "/bus")
        expectEqual(DesktopNotifications(environment: ["XDG_RUNTIME_DIR": "relative"]).address, nil)
        expectEqual(DesktopNotifications(environment: [:]).address, nil)
    }

    @Test("R-8 with no session bus, or one that is not there, a reminder is unavailable at once, without waiting for the call's five seconds")
    func noBus() throws {
        expectEqual(Self.reminder.kind, .review)
        let started = Date()
        expectEqual(DesktopNotifications(environment: [:]).show(Self.reminder), .unavailable)
        let gone = try TestFolder.make("charflow-no-bus").appendingPathComponent("bus").path
        expectEqual(DesktopNotifications(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + gone]).show(Self.reminder), .unavailable)
        expectEqual(DesktopNotifications(environment: ["DBUS_SESSION_BUS_ADDRESS": "not an address"]).show(Self.reminder), .unavailable)
        expectTrue(Date().timeIntervalSince(started) < 2)
    }
}
