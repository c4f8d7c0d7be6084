import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Counts derived from records, through a real PostgreSQL hub (spec D19 "Counts are derived", rule
/// Y-18): a deferral count is the number of distinct deferral records, whose ids derive from the task
/// and the day the deferral was made (D19 as changed: deferrals of one task on one day are one record,
/// carrying the later choice).
@Suite("Sync derives deferral counts from records (Y-18)", .serialized)
struct SyncDerivedCountsTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String, on day: String = Self.day) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(day)T\(time)")
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    /// A hub and two devices that both hold one task due today, "Call the bank".
    func twoDevicesSharingATask() throws -> (hub: PostgresHub, a: CharflowRunner, b: CharflowRunner, id: String) {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try a.add("Call the bank", ["--due", "today"], now: "\(Self.day)T09:00")
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        return (hub, a, b, id)
    }

    /// The task's deferral count and how many deferral records `show` lists.
    func deferrals(_ device: CharflowRunner, _ id: String, on day: String = Self.day) throws -> (count: Int?, records: Int?) {
        let shown = try device.json(["show", id], now: "\(day)T12:00")
        return (shown["deferralCount"] as? Int, (shown["deferrals"] as? [Any])?.count)
    }

    @Test("Y-18 D19: deferrals of one task on one day on two devices offline are one record carrying the later choice, whether they agree or not",
          arguments: ["2026-03-13", "2026-03-14"])
    func deferralsOnTwoDevices(_ otherDay: String) throws {
        let (hub, a, b, id) = try twoDevicesSharingATask()
        try a.ok(["defer", id, "--to", "2026-03-13", "--reason", "too-much"], now: "\(Self.day)T10:00")
        try b.ok(["defer", id, "--to", otherDay, "--reason", "not-ready"], now: "\(Self.day)T10:05")
        try sync(a, hub, at: "10:10")
        try sync(b, hub, at: "10:11")
        try sync(a, hub, at: "10:12")
        for device in [a, b] {
            let (count, records) = try deferrals(device, id)
            expectEqual(count, 1)
            expectEqual(records, 1)
            let shown = try device.json(["show", id], now: "\(Self.day)T12:00")
            let record = try #require((shown["deferrals"] as? [[String: Any]])?.first)
            expectEqual(record["deferredTo"] as? String, otherDay, "B's is the later choice")
            expectEqual(record["reason"] as? String, "notReady")
            expectEqual(shown["dueDate"] as? String, otherDay)
        }
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-18 D19: a rollover's deferral on one device and a person's on another, for the same day, are one record")
    func rolloverAndPersonSameDay() throws {
        let (hub, a, b, id) = try twoDevicesSharingATask()
        // The next morning A's rollover defers the task; B, not yet rolled over, defers it by hand after.
        try a.ok(["today"], now: "2026-03-11T08:00")
        try b.ok(["defer", id, "--to", "2026-03-13"], now: "2026-03-11T08:05")
        try sync(a, hub, at: "09:00", on: "2026-03-11")
        try sync(b, hub, at: "09:01", on: "2026-03-11")
        try sync(a, hub, at: "09:02", on: "2026-03-11")
        for device in [a, b] {
            let (count, records) = try deferrals(device, id, on: "2026-03-11")
            #expect(count == 1 && records == 1, "\(String(describing: count)) \(String(describing: records))")
        }
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-18: four rollovers on one device and one catch-up on another merge to four records and a count of four")
    func rolloversAndCatchUp() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try a.add("Renew the permit", ["--due", "2026-03-10"], now: "2026-03-10T09:00")
        try sync(a, hub, at: "09:01", on: "2026-03-10")
        try sync(b, hub, at: "09:02", on: "2026-03-10")
        // A opens every morning and rolls over four times; B is closed until the fourth day.
        for day in ["2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14"] {
            try a.ok(["today"], now: "\(day)T08:00")
        }
        try b.ok(["today"], now: "2026-03-14T08:30")
        try expectEqual(deferrals(a, id, on: "2026-03-14").count, 4)
        try expectEqual(deferrals(b, id, on: "2026-03-14").count, 1)
        try sync(a, hub, at: "09:00", on: "2026-03-14")
        try sync(b, hub, at: "09:01", on: "2026-03-14")
        try sync(a, hub, at: "09:02", on: "2026-03-14")
        for device in [a, b] {
            let (count, records) = try deferrals(device, id, on: "2026-03-14")
            expectEqual(records, 4)
            expectEqual(count, 4)
        }
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-18: the third-deferral picker reads the merged count: two days' deferrals merged make the next one need a day")
    func pickerReadsMergedCount() throws {
        let (hub, a, b, id) = try twoDevicesSharingATask()
        // B defers it today; A, offline, tomorrow: two days, two records.
        try b.ok(["defer", id, "--to", "tomorrow"], now: "\(Self.day)T10:00")
        try a.ok(["defer", id, "--to", "2026-03-12"], now: "2026-03-11T08:00")
        try sync(a, hub, at: "10:10", on: "2026-03-11")
        try sync(b, hub, at: "10:11", on: "2026-03-11")
        try sync(a, hub, at: "10:12", on: "2026-03-11")
        try expectEqual(deferrals(a, id, on: "2026-03-11").count, 2)
        // When the task is due again, a third deferral wants a day chosen.
        let refused = try a.run(["defer", id], now: "2026-03-12T09:00")
        expectNotEqual(refused.status, 0, "\(refused.stdout)")
        try expectEqual(a.run(["defer", id, "--to", "2026-03-13"], now: "2026-03-12T09:01").status, 0)
        try expectEqual(deferrals(a, id, on: "2026-03-12").count, 3)
    }

    @Test("Y-18: an undone deferral is made again under a new id, and the other device's count follows")
    func undoneDeferralAgain() throws {
        let (hub, a, b, id) = try twoDevicesSharingATask()
        try a.ok(["defer", id, "--to", "2026-03-13"], now: "\(Self.day)T10:00")
        try a.ok(["undo"], now: "\(Self.day)T10:01")
        try a.ok(["defer", id, "--to", "2026-03-13"], now: "\(Self.day)T10:02")
        try sync(a, hub, at: "10:10")
        try sync(b, hub, at: "10:11")
        for device in [a, b] {
            let (count, records) = try deferrals(device, id)
            expectEqual(count, 1)
            expectEqual(records, 1)
        }
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }
}
