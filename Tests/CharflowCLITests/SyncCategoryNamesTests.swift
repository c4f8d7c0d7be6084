import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Categories with one name through a real PostgreSQL hub (spec D19 "Names", rule Y-21): two made
/// with the same name on two devices become one on every device, the same one, with every task that
/// carried either.
@Suite("Sync makes categories with one name one (Y-21)", .serialized)
struct SyncCategoryNamesTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    /// The ids of the categories named `name` (ignoring case).
    func categories(_ device: CharflowRunner, named name: String) throws -> [String] {
        try Database(path: device.storePath).rows("SELECT id FROM categories WHERE lower(name) = lower(?) ORDER BY id",
                                                  [.text(name)]).compactMap { $0[0].text }
    }

    func category(of task: String, _ device: CharflowRunner) throws -> String? {
        try Database(path: device.storePath).scalar("SELECT category_id FROM tasks WHERE id = ?", [.text(task)])?.text
    }

    func syncAll(_ devices: [CharflowRunner], _ hub: PostgresHub) throws {
        var minute = 10
        for device in devices + devices {
            try sync(device, hub, at: "10:\(minute)")
            minute += 1
        }
        for device in devices.dropFirst() { try expectEqual(devices[0].syncedRecords(), device.syncedRecords()) }
    }

    @Test("Y-21: a category made with one name on two devices is one after a sync, with both devices' tasks")
    func sameNameOnTwoDevices() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        try a.ok(["category", "add", "Errands"], now: "\(Self.day)T09:00")
        try b.ok(["category", "add", "errands"], now: "\(Self.day)T09:01")
        let stamps = try a.add("Buy stamps", ["--category", "Errands"], now: "\(Self.day)T09:02")
        let parcel = try b.add("Post the parcel", ["--category", "errands"], now: "\(Self.day)T09:03")
        try syncAll([a, b], hub)
        let one = try categories(a, named: "errands")
        expectEqual(one.count, 1)
        try expectEqual(categories(b, named: "errands"), one)
        for device in [a, b] {
            try expectEqual(category(of: stamps, device), one.first)
            try expectEqual(category(of: parcel, device), one.first)
        }
        // `filter`, `rename` and `add --category` find one category by the name, on both.
        try expectEqual(b.run(["add", "Return the books", "--category", "Errands"], now: "\(Self.day)T11:00").status, 0)
    }

    @Test("Y-21: a default renamed on one device to a name made on the other keeps the default, with both tasks")
    func renamedDefaultMeetsNewName() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        let work = try #require(try categories(a, named: "Work").first)
        try a.ok(["category", "rename", "Work", "Job"], now: "\(Self.day)T09:00")
        try b.ok(["category", "add", "Job"], now: "\(Self.day)T08:30")
        let cv = try b.add("Send the CV", ["--category", "Job"], now: "\(Self.day)T09:03")
        try syncAll([a, b], hub)
        for device in [a, b] {
            try expectEqual(categories(device, named: "Job"), [work])
            try expectEqual(category(of: cv, device), work)
        }
    }

    @Test("Y-21: three devices each making one name end with the same one category")
    func threeDevices() throws {
        let hub = try startHub()
        let devices = [try CharflowRunner(), try CharflowRunner(), try CharflowRunner()]
        for (index, device) in devices.enumerated() { try sync(device, hub, at: "08:0\(index)") }
        var tasks: [String] = []
        for (index, device) in devices.enumerated() {
            try device.ok(["category", "add", "Garden"], now: "\(Self.day)T09:0\(index)")
            tasks.append(try device.add("Task \(index)", ["--category", "Garden"], now: "\(Self.day)T09:1\(index)"))
        }
        try syncAll(devices, hub)
        let one = try categories(devices[0], named: "Garden")
        expectEqual(one.count, 1)
        for device in devices {
            try expectEqual(categories(device, named: "Garden"), one)
            for task in tasks { try expectEqual(category(of: task, device), one.first) }
        }
    }
}
