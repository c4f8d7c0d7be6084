import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Instant: stored and shown forms of instants")
struct InstantTests {
    @Test("B-22 storage text is UTC to the millisecond and parses back to the same instant", arguments: [
        0.0, 1_772_442_000.0, 1_772_442_000.123, 1_774_745_999.999, 1_798_761_599.5, 951_782_400.001, -1.5,
    ])
    func storageRoundTrip(_ seconds: Double) throws {
        let date = Instant.truncatedToMilliseconds(Date(timeIntervalSince1970: seconds))
        let text = Instant.storageText(date)
        expectEqual(text.count, 24)
        expectTrue(text.hasSuffix("Z"))
        expectEqual(Instant.parseStorageText(text), date)
    }

    @Test("storage text of known instants")
    func knownText() throws {
        expectEqual(Instant.storageText(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
        expectEqual(Instant.storageText(Date(timeIntervalSince1970: 1_772_442_000.25)), "2026-03-02T09:00:00.250Z")
        expectEqual(Instant.storageText(Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59.500Z")
    }

    @Test("storage text sorts as the instants do")
    func sortable() {
        let instants = [-86_400.5, 0, 0.001, 59.999, 60, 1_772_442_000, 1_772_442_000.001, 4_102_444_800]
        let texts = instants.map { Instant.storageText(Date(timeIntervalSince1970: $0)) }
        expectEqual(texts, texts.sorted())
    }

    @Test("truncation drops sub-millisecond precision and is idempotent")
    func truncation() {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<5_000 {
            let seconds = Double.random(in: 1_700_000_000...1_900_000_000, using: &generator)
            let once = Instant.truncatedToMilliseconds(Date(timeIntervalSince1970: seconds))
            expectEqual(Instant.truncatedToMilliseconds(once), once)
            expectTrue(once.timeIntervalSince1970 <= seconds)
            expectTrue(seconds - once.timeIntervalSince1970 < 0.001)
            expectEqual(Instant.parseStorageText(Instant.storageText(once)), once)
        }
    }

    @Test("parsing is lenient about missing milliseconds, strict about everything else")
    func parsing() throws {
        expectEqual(Instant.parseStorageText("2026-03-02T09:00:00Z"), (try Fixture.utc("2026-03-02T09:00:00Z")))
        for bad in ["2026-03-02T09:00:00", "2026-03-02 09:00:00Z", "2026-03-02T09:00:00.12Z", "2026-02-30T09:00:00Z",
                    "2026-03-02T25:00:00Z", "", "yesterday", "2026-03-02T09:00:00.1234Z"] {
            expectEqual(Instant.parseStorageText(bad), nil, "accepted \(bad)")
        }
    }

    @Test("ISO text carries the zone's offset at that instant", arguments: [
        ("Europe/London", "2026-03-29T00:30:00Z", "2026-03-29T00:30:00+00:00"),
        ("Europe/London", "2026-03-29T01:30:00Z", "2026-03-29T02:30:00+01:00"),
        ("America/New_York", "2026-11-01T05:30:00Z", "2026-11-01T01:30:00-04:00"),
        ("America/New_York", "2026-11-01T06:30:00Z", "2026-11-01T01:30:00-05:00"),
        ("Asia/Kolkata", "2026-03-02T09:00:00Z", "2026-03-02T14:30:00+05:30"),
        ("America/St_Johns", "2026-01-02T03:00:00Z", "2026-01-01T23:30:00-03:30"),
        ("UTC", "2026-03-02T09:00:00Z", "2026-03-02T09:00:00+00:00"),
    ])
    func isoText(_ zoneID: String, _ utc: String, _ expected: String) throws {
        let calendar = try Fixture.calendar(zoneID)
        expectEqual(Instant.isoText(try Fixture.utc(utc), in: calendar), expected)
    }
}
