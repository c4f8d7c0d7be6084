import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Settings and the words of the command line")
struct SettingsTests {
    @Test("B-14 F-15 defaults: rollover 00:00, end of day 19:00, lock off, review 18:00, locale's week; no capacity")
    func defaults() {
        let settings = PlannerSettings()
        expectEqual(settings.rolloverTime, .midnight)
        expectEqual(settings.value(of: "rollover-time"), "00:00")
        expectEqual(settings.value(of: "end-of-day"), "19:00")
        expectEqual(settings.value(of: "lock-complementary"), "off")
        expectEqual(settings.value(of: "capacity"), nil)
        expectEqual(settings.value(of: "review-time"), "18:00")
        expectEqual(settings.firstWeekday, nil)
        expectEqual(settings.value(of: "first-weekday"), nil)
        expectEqual(settings.value(of: "nonsense"), nil)
    }

    @Test("settings accept their text forms and print them back", arguments: [
        ("rollover-time", "4:00", "04:00"), ("end-of-day", "17:30", "17:30"), ("first-weekday", "Sun", "sunday"),
        ("lock-complementary", "on", "on"), ("lock-complementary", "YES", "on"), ("lock-complementary", "false", "off"),
        ("review-time", "off", "off"), ("review-time", "21:15", "21:15"),
    ])
    func accepted(_ key: String, _ text: String, _ stored: String) throws {
        var settings = PlannerSettings()
        try settings.set(key, to: text)
        expectEqual(settings.value(of: key), stored)
    }

    @Test("settings refuse malformed values and unknown keys, changing nothing", arguments: [
        ("rollover-time", "24:00"), ("end-of-day", "noon"), ("first-weekday", "someday"), ("lock-complementary", "maybe"),
        ("review-time", "never"),
    ])
    func refused(_ key: String, _ text: String) {
        var settings = PlannerSettings()
        #expect(throws: InputError.self) { try settings.set(key, to: text) }
        expectEqual(settings, PlannerSettings())
    }

    @Test("an unknown setting names itself")
    func unknownKey() {
        var settings = PlannerSettings()
        #expect(throws: PlannerError.unknownSetting("colour")) { try settings.set("colour", to: "blue") }
        expectEqual(PlannerError.unknownSetting("colour").message, "Unknown setting 'colour'.")
    }

    @Test("F-15 the day capacity setting is gone, refused with a word on what replaced it")
    func capacityRetired() {
        var settings = PlannerSettings()
        #expect(throws: PlannerError.unknownSetting("capacity")) { try settings.set("capacity", to: "360") }
        #expect(throws: PlannerError.unknownSetting("capacity")) { try SettingKey.reading("capacity") }
        expectContains(PlannerError.unknownSetting("capacity").message, "free time")
        expectLacks(PlannerSettings.storedKeys, "capacity")
        expectEqual(settings, PlannerSettings())
    }

    @Test("B-3 bucket and region words", arguments: [
        ("must", Bucket.mustDo as Bucket?), ("Must-Do", .mustDo), ("mustDo", .mustDo), ("complementary", .complementary),
        ("MISC", .misc), ("none", nil), ("", nil),
    ])
    func bucketWords(_ word: String, _ expected: Bucket?) {
        expectEqual(Bucket(word: word), expected)
    }

    @Test("B-3 display names of regions and buckets")
    func displayNames() {
        expectEqual(Region.allCases.map(\.displayName), ["Morning", "Afternoon", "Evening"])
        expectEqual(Bucket.allCases.map(\.displayName), ["Must-Do", "Complementary", "Misc"])
        expectTrue(Region.morning < .afternoon && Region.afternoon < .evening)
        expectTrue(Bucket.mustDo < .complementary && Bucket.complementary < .misc)
    }

    @Test("D15 every refusal has a calm one-line message and a stable code")
    func messages() {
        let errors: [PlannerError] = [
            .emptyTitle, .regionFull(.morning), .noTaskMatches("abcd"), .ambiguousID("abcd"), .idTooShort("ab"),
            .complementaryLocked(.evening), .notOnBoard, .positionOutOfRange(9, 2), .alreadyDone, .notDone,
            .taskDropped, .nothingToUndo, .importantNeedsDay, .laterThisWeekUnavailable,
            .bucketNeedsRegion, .boardNeedsDay, .unknownSetting("x"),
            .undoBlocked, .undoUnknown,
        ]
        var codes: Set<String> = []
        for error in errors {
            let text = error.message
            expectTrue(!text.isEmpty)
            expectLacks(text, "\n", "one line: \(text)")
            expectLacks(text, "!", "no exclamation marks: \(text)")
            codes.insert(error.code)
        }
        expectEqual(codes.count, errors.count, "every refusal has its own code")
        expectEqual(PlannerError.importantNeedsDay.message, "Important tasks need a day. Lower its importance to park it.")
    }
}
