@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The anchor use cases on a real store file (spec D22): adding, editing, archiving, marking and undoing,
/// the day's occurrences, reminders, engagement for avoid habits, and the settings that place anchors in
/// a day (region hours, prayer settings). The clock moves by reopening.
@Suite("Anchor use cases")
struct AnchorUseCaseTests {
    static func standup(_ app: Charflow, remind: Int? = nil) throws -> Anchor {
        var input = AddAnchor.Input(title: "Standup", at: TimeOfDay(hour: 9, minute: 30)!, duration: AnchorDuration(minutes: 15)!)
        input.weekdays = true
        input.remind = remind.map(ReminderMinutes.init)
        return try app.addAnchor(input).anchors[0]
    }

    static func ref(_ anchor: Anchor) -> AnchorRef { AnchorRef(anchor.id) }

    static func setting(_ app: Charflow, _ key: String, _ value: String) throws {
        try app.changeSetting(ChangeSetting.Input(key: key, value: value))
    }

    @Test("F-2 an anchor at a fixed time for a duration on weekdays, a prayer anchor of 15 minutes, and the five prayers at once; a second of one title is refused")
    func add() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-03-23", "08:00")
        let standup = try Self.standup(app, remind: 5)
        expectEqual(standup.timing, .fixed(TimeOfDay(hour: 9, minute: 30)!, days: AnchorTiming.weekdays))
        #expect(standup.durationMinutes == 15 && standup.remindMinutes == 5 && !standup.isArchived)
        let fajr = try app.addAnchor(AddAnchor.Input(prayer: .fajr)).anchors[0]
        #expect(fajr.title == "Fajr" && fajr.timing == .prayer(.fajr) && fajr.durationMinutes == Anchor.defaultDuration)
        let rest = try app.addAnchor(.allPrayers)
        expectEqual(rest.anchors.map(\.title), ["Dhuhr", "Asr", "Maghrib", "Isha"], "Fajr is there already")
        #expect(throws: PlannerError.duplicateAnchor("Fajr", archived: false)) { try app.addAnchor(.allPrayers) }
        #expect(throws: PlannerError.duplicateAnchor("Standup", archived: false)) { try Self.standup(app) }
        // A fixed anchor on chosen days, daily when none are given.
        var gym = AddAnchor.Input(title: "Gym", at: TimeOfDay(hour: 18, minute: 0)!, duration: AnchorDuration(minutes: 90)!)
        gym.days = AnchorDays([.tuesday, .thursday])
        try expectEqual(app.addAnchor(gym).anchors[0].timing, .fixed(TimeOfDay(hour: 18, minute: 0)!, days: [.tuesday, .thursday]))
        let walk = try app.addAnchor(AddAnchor.Input(title: "Walk", at: TimeOfDay(hour: 7, minute: 0)!, duration: AnchorDuration(minutes: 30)!))
        expectEqual(walk.anchors[0].timing, .fixed(TimeOfDay(hour: 7, minute: 0)!, days: Set(Weekday.allCases)))
    }

    @Test("F-2 an add that names no timing or two, days for a prayer, or a fixed anchor without its duration is refused and changes nothing")
    func addRefusals() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-03-23", "08:00")
        _ = try app.readToday()
        let before = try AppTestStore.contents(app)
        var both = AddAnchor.Input(title: "Both", at: TimeOfDay(hour: 9, minute: 0)!, duration: AnchorDuration(minutes: 15)!)
        both.prayer = .asr
        #expect(throws: UsageRefusal.chooseOne(["at", "prayer", "prayers"])) { try app.addAnchor(both) }
        var prayerDays = AddAnchor.Input(prayer: .asr)
        prayerDays.weekdays = true
        #expect(throws: PlannerError.prayerAnchorEveryDay) { try app.addAnchor(prayerDays) }
        var noDuration = AddAnchor.Input(title: "Call", at: TimeOfDay(hour: 9, minute: 0)!, duration: AnchorDuration(minutes: 15)!)
        noDuration.duration = nil
        #expect(throws: UsageRefusal.missingOption("for")) { try app.addAnchor(noDuration) }
        var blank = AddAnchor.Input(title: "  ", at: TimeOfDay(hour: 9, minute: 0)!, duration: AnchorDuration(minutes: 15)!)
        #expect(throws: PlannerError.emptyName(.anchorTitle)) { try app.addAnchor(blank) }
        blank.title = "Standup"
        blank.category = try CategoryRef.reading("Nowhere")
        #expect(throws: PlannerError.noCategoryMatches("Nowhere")) { try app.addAnchor(blank) }
        try expectEqual(AppTestStore.contents(app), before)
    }

    @Test("F-4 attend and miss write one mark a day under the id derived from (anchor, day); marking again changes that record, and the same mark again records nothing")
    func marksHaveDerivedIDs() throws {
        let store = try AppTestStore()
        let anchor = try Self.standup(try store.open("2026-03-23", "08:00"))
        let app = try store.open("2026-03-24", "10:00")
        let marked = try app.attendAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        let day = try #require(LocalDay("2026-03-24"))
        let derived = try DerivedID.anchorResolution(anchor: anchor.id, day: day, in: app.store.db)
        expectEqual(marked.resolution.id, derived)
        #expect(marked.changed && marked.outcome == .attended && marked.resolution.resolvedAt == app.now)
        let again = try store.open("2026-03-24", "10:05")
        let actions = try again.store.db.scalar("SELECT count(*) FROM undo_actions")?.int
        expectTrue(try !again.attendAnchor(MarkAnchor.Input(anchor: Self.ref(anchor))).changed)
        try expectEqual(again.store.db.scalar("SELECT count(*) FROM undo_actions")?.int, actions, "the same mark records nothing")
        let missed = try again.missAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        #expect(missed.resolution.id == derived && missed.outcome == .missed)
        try expectEqual(again.store.db.scalar("SELECT count(*) FROM anchor_resolutions")?.int, 1)
        // A mark of yesterday by its date word.
        let yesterday = try again.attendAnchor(MarkAnchor.Input(anchor: AnchorRef.reading("standup"), date: .yesterday))
        expectEqual(yesterday.resolution.day, LocalDay("2026-03-23"))
        expectEqual(yesterday.resolution.id, (try DerivedID.anchorResolution(anchor: anchor.id, day: LocalDay("2026-03-23")!, in: again.store.db)))
    }

    @Test("F-4 B-21 undo takes a mark back: a second mark's undo puts the first back; the first's undo removes it on a store that does not sync, and a later mark is still one record a day")
    func undoMarks() throws {
        let store = try AppTestStore()
        let anchor = try Self.standup(try store.open("2026-03-23", "08:00"))
        let day = try #require(LocalDay("2026-03-24"))
        let first = try store.open("2026-03-24", "10:00").attendAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        try store.open("2026-03-24", "10:01").missAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        try expectEqual(store.open("2026-03-24", "10:02").undo(UndoAction.Input()).label, "anchor miss")
        var app = try store.open("2026-03-24", "10:03")
        try expectEqual(app.store.anchors.resolution(of: anchor.id, on: day)?.outcome, .attended)
        try expectEqual(app.undo(UndoAction.Input()).label, "anchor attend")
        app = try store.open("2026-03-24", "10:04")
        try expectEqual(app.store.anchors.resolution(of: anchor.id, on: day), nil, "exactly as before the mark")
        try expectEqual(app.anchorOccurrences(on: day).first?.outcome, nil)
        let grid = try app.readAnchorGrid(ReadAnchorGrid.Input(anchor: Self.ref(anchor), weeks: 1))
        expectEqual(grid.cells.first { $0.date == day }?.state, .open)
        // Marked again: the id's next generation, still one record of the day.
        let again = try store.open("2026-03-24", "10:05").missAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        expectNotEqual(again.resolution.id, first.resolution.id)
        try expectEqual(store.open("2026-03-24", "10:06").store.db.scalar("SELECT count(*) FROM anchor_resolutions")?.int, 1)
        // Undoing an archive brings the anchor back.
        let app2 = try store.open("2026-03-24", "10:06")
        try app2.archiveAnchor(ArchiveAnchor.Input(anchor: Self.ref(anchor)))
        try expectEqual(store.open("2026-03-24", "10:07").undo(UndoAction.Input()).label, "anchor archive")
        try expectEqual(store.open("2026-03-24", "10:08").store.anchors.anchor(id: anchor.id)?.isArchived, false)
    }

    @Test("F-4 Y-18 on a sync device the first mark's undo keeps the record under its derived id with no outcome, so the day's next mark is that record again")
    func undoMarksOnADevice() throws {
        let store = try AppTestStore()
        let anchor = try Self.standup(try store.open("2026-03-23", "08:00"))
        try OperationLog.enable(try store.open("2026-03-23", "08:01").store.db)
        let day = try #require(LocalDay("2026-03-24"))
        let first = try store.open("2026-03-24", "10:00").attendAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        try expectEqual(store.open("2026-03-24", "10:01").undo(UndoAction.Input()).label, "anchor attend")
        let app = try store.open("2026-03-24", "10:02")
        let kept = try #require(try app.store.anchors.resolution(of: anchor.id, on: day))
        #expect(kept.id == first.resolution.id && kept.outcome == nil && kept.resolvedAt == nil)
        #expect(try app.store.db.scalar("SELECT count(*) FROM tombstones WHERE table_name = 'anchor_resolutions'")?.int == 0)
        try expectEqual(app.anchorOccurrences(on: day).first?.outcome, nil)
        try expectEqual(app.readAnchorGrid(ReadAnchorGrid.Input(anchor: Self.ref(anchor), weeks: 1)).cells.first { $0.date == day }?.state, .open)
        let again = try store.open("2026-03-24", "10:03").missAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        expectEqual(again.resolution.id, first.resolution.id)
    }

    @Test("F-4 a mark of a day to come, one older than the fortnight, a day before the anchor or not among its days is refused and changes nothing")
    func markRefusals() throws {
        let store = try AppTestStore()
        let anchor = try Self.standup(try store.open("2026-03-02", "08:00"))
        let app = try store.open("2026-03-27", "10:00")
        _ = try app.readToday()
        let before = try AppTestStore.contents(app)
        let ref = Self.ref(anchor)
        #expect(throws: PlannerError.futureDay(LocalDay("2026-03-28")!)) {
            try app.attendAnchor(MarkAnchor.Input(anchor: ref, date: .date(LocalDay("2026-03-28")!)))
        }
        #expect(throws: PlannerError.correctionTooOld(LocalDay("2026-03-13")!)) {
            try app.missAnchor(MarkAnchor.Input(anchor: ref, date: .date(LocalDay("2026-03-13")!)))
        }
        #expect(throws: PlannerError.anchorNotScheduledOn(LocalDay("2026-03-22")!)) {
            try app.attendAnchor(MarkAnchor.Input(anchor: ref, date: .date(LocalDay("2026-03-22")!)))
        }
        #expect(throws: PlannerError.noAnchorMatches("Gym")) { try app.attendAnchor(MarkAnchor.Input(anchor: AnchorRef.reading("Gym"))) }
        try expectEqual(AppTestStore.contents(app), before)
    }

    @Test("F-5 a day an anchor was marked on counts as engagement for an avoid habit")
    func engagement() throws {
        let store = try AppTestStore()
        var input = AddHabit.Input(title: "No sugar")
        input.kind = .avoid
        let habit = try store.open("2026-03-16", "08:00").addHabit(input).habit
        let anchor = try Self.standup(try store.open("2026-03-16", "08:00"))
        // Marked on Wednesday (the mark names Tuesday: what counts is the day it was made).
        try store.open("2026-03-18", "09:00").attendAnchor(MarkAnchor.Input(anchor: Self.ref(anchor), date: .yesterday))
        let app = try store.open("2026-03-20", "09:00")
        let cells = try app.readHabitGrid(ReadHabitGrid.Input(habit: habit.id, weeks: 1)).grids[0].cells
        let state = { (day: String) in cells.first { $0.date == LocalDay(day) }?.state }
        expectEqual(state("2026-03-17"), .empty, "nothing was done on Tuesday")
        expectEqual(state("2026-03-18"), .complete, "marking an anchor on Wednesday is engagement")
        expectEqual(state("2026-03-19"), .empty)
        try expectEqual(app.engagedDays(from: LocalDay("2026-03-16")!, through: LocalDay("2026-03-19")!), [LocalDay("2026-03-18")!])
    }

    @Test("F-3 an anchor's reminder comes its minutes before each occurrence, once, while the occurrence has not ended and is not marked; never for an archived anchor")
    func reminders() throws {
        let store = try AppTestStore()
        let anchor = try Self.standup(try store.open("2026-03-23", "08:00"), remind: 10)
        let anchorReminders = { (app: Charflow) in try app.reminders().reminders.filter { $0.kind == .anchor } }
        expectTrue(try anchorReminders(store.open("2026-03-24", "09:19")).isEmpty)
        var app = try store.open("2026-03-24", "09:20")
        let due = try app.reminders()
        expectEqual(due.reminders.filter { $0.kind == .anchor }.map(\.message), ["Standup at 09:30"])
        expectEqual(due.reminders.first { $0.kind == .anchor }?.subject, anchor.id)
        try app.markSeen(due.seen)
        expectTrue(try anchorReminders(store.open("2026-03-24", "09:25")).isEmpty, "once per occurrence")
        expectTrue(try anchorReminders(store.open("2026-03-24", "09:50")).isEmpty, "the occurrence is over")
        // The next day's occurrence reminds again; a marked one does not.
        try expectEqual(anchorReminders(store.open("2026-03-25", "09:21")).count, 1)
        try store.open("2026-03-26", "09:00").attendAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        expectTrue(try anchorReminders(store.open("2026-03-26", "09:21")).isEmpty)
        // Not its day, and archived: none.
        expectTrue(try anchorReminders(store.open("2026-03-28", "09:21")).isEmpty, "a Saturday")
        try store.open("2026-03-27", "08:00").archiveAnchor(ArchiveAnchor.Input(anchor: Self.ref(anchor)))
        app = try store.open("2026-03-27", "09:21")
        try expectEmpty(anchorReminders(app))
        try expectEqual(app.reminders().json.rendered().contains("\"anchor\""), false)
    }

    @Test("F-3 F-8 a summer Isha after midnight in Oslo reminds its minutes before, though its day ended at midnight")
    func reminderAfterMidnight() throws {
        let store = try AppTestStore(zone: "Europe/Oslo")
        let app = try store.open("2026-06-20", "10:00")
        try Self.setting(app, "location", "59.9139,10.7522")
        var isha = AddAnchor.Input(prayer: .isha)
        isha.remind = ReminderMinutes(10)
        let anchor = try store.open("2026-06-20", "10:01").addAnchor(isha).anchors[0]
        let later = try store.open("2026-06-21", "12:00")
        let occurrence = try #require(try later.anchorOccurrences(on: LocalDay("2026-06-21")!).first)
        expectEqual(later.calendar.calendarDay(at: occurrence.start), LocalDay("2026-06-22"), "after midnight")
        let start = later.calendar.timeOfDay(at: occurrence.start)
        let before = TimeOfDay(minutes: start.minutes - 11)!, due = TimeOfDay(minutes: start.minutes - 9)!
        expectTrue(try store.open("2026-06-22", before.description).reminders().reminders.filter { $0.kind == .anchor }.isEmpty)
        let reminders = try store.open("2026-06-22", due.description).reminders().reminders.filter { $0.kind == .anchor }
        expectEqual(reminders.map(\.message), ["Isha at \(start)"])
        expectEqual(reminders.first?.subject, anchor.id)
    }

    @Test("F-6 archive keeps the marks, the grid and the read; an archived anchor has no occurrence and takes no mark; restore brings it back")
    func archiveKeepsHistory() throws {
        let store = try AppTestStore()
        let anchor = try Self.standup(try store.open("2026-03-09", "08:00"))
        for (day, outcome) in [("2026-03-16", AnchorOutcome.attended), ("2026-03-17", .missed), ("2026-03-18", .attended)] {
            let app = try store.open(day, "10:00")
            _ = outcome == .attended ? try app.attendAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
                                     : try app.missAnchor(MarkAnchor.Input(anchor: Self.ref(anchor)))
        }
        try store.open("2026-03-19", "08:00").archiveAnchor(ArchiveAnchor.Input(anchor: Self.ref(anchor)))
        let app = try store.open("2026-03-20", "08:00")
        expectTrue(try app.anchorOccurrences(on: app.today).isEmpty)
        try expectEmpty(app.readAnchors().anchors)
        try expectEqual(app.readAnchors(ReadAnchors.Input(all: true)).anchors.map(\.id), [anchor.id])
        let grid = try app.readAnchorGrid(ReadAnchorGrid.Input(anchor: Self.ref(anchor), weeks: 2))
        expectEqual(grid.cells.filter { $0.state == .attended }.count, 2)
        expectEqual(grid.cells.filter { $0.state == .missed }.count, 1)
        expectEqual(grid.read, "Attended 2 of 9 so far; 1 missed; 6 not marked.")
        #expect(throws: PlannerError.anchorArchived("Standup")) { try app.attendAnchor(MarkAnchor.Input(anchor: Self.ref(anchor))) }
        #expect(throws: PlannerError.anchorArchived("Standup")) {
            var edit = EditAnchor.Input(anchor: Self.ref(anchor))
            edit.title = "Daily standup"
            try app.editAnchor(edit)
        }
        try app.restoreAnchor(ArchiveAnchor.Input(anchor: Self.ref(anchor)))
        try expectEqual(store.open("2026-03-20", "08:01").anchorOccurrences(on: LocalDay("2026-03-20")!).map(\.anchor.id), [anchor.id])
    }

    @Test("F-2 an edit changes the time, the days, the duration, the reminder and the title; a prayer makes it a prayer anchor; an edit that changes nothing records nothing")
    func edit() throws {
        let store = try AppTestStore()
        let anchor = try Self.standup(try store.open("2026-03-23", "08:00"), remind: 5)
        let app = try store.open("2026-03-23", "08:10")
        var input = EditAnchor.Input(anchor: Self.ref(anchor))
        input.at = TimeOfDay(hour: 10, minute: 0)
        input.duration = AnchorDuration(minutes: 30)
        input.remind = ReminderChoice.none
        input.title = "Team standup"
        let edited = try app.editAnchor(input).anchor
        expectEqual(edited.timing, .fixed(TimeOfDay(hour: 10, minute: 0)!, days: AnchorTiming.weekdays), "the days stay")
        #expect(edited.durationMinutes == 30 && edited.remindMinutes == nil && edited.title == "Team standup")
        var days = EditAnchor.Input(anchor: Self.ref(anchor))
        days.days = AnchorDays([.monday])
        try expectEqual(store.open("2026-03-23", "08:11").editAnchor(days).anchor.timing, .fixed(TimeOfDay(hour: 10, minute: 0)!, days: [.monday]))
        var prayer = EditAnchor.Input(anchor: Self.ref(anchor))
        prayer.prayer = .maghrib
        let app2 = try store.open("2026-03-23", "08:12")
        try expectEqual(app2.editAnchor(prayer).anchor.timing, .prayer(.maghrib))
        var prayerDays = EditAnchor.Input(anchor: Self.ref(anchor))
        prayerDays.weekdays = true
        #expect(throws: PlannerError.prayerAnchorEveryDay) { try app2.editAnchor(prayerDays) }
        #expect(throws: UsageRefusal.nothingToChange) { try app2.editAnchor(EditAnchor.Input(anchor: Self.ref(anchor))) }
        let actions = try app2.store.db.scalar("SELECT count(*) FROM undo_actions")?.int
        var same = EditAnchor.Input(anchor: Self.ref(anchor))
        same.duration = AnchorDuration(minutes: 30)
        try app2.editAnchor(same)
        try expectEqual(app2.store.db.scalar("SELECT count(*) FROM undo_actions")?.int, actions)
        try expectEqual(store.open("2026-03-23", "08:13").undo(UndoAction.Input()).label, "anchor edit")
        try expectEqual(store.open("2026-03-23", "08:14").store.anchors.anchor(id: anchor.id)?.timing, .fixed(TimeOfDay(hour: 10, minute: 0)!, days: [.monday]))
    }

    @Test("F-1 region hours change through settings, are refused when they overlap or leave the day (the rollover too), and a refusal changes nothing")
    func regionHours() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-03-23", "08:00")
        try Self.setting(app, "rollover-time", "04:00")
        try Self.setting(try store.open("2026-03-23", "08:01"), "evening", "20:00-01:00")
        let later = try store.open("2026-03-23", "08:02")
        expectEqual(later.settings.regionHours.evening.description, "20:00-01:00")
        let before = try AppTestStore.contents(later)
        #expect(throws: PlannerError.regionHoursOutsideDay(.evening, "20:00–01:00", rollover: .midnight)) {
            try Self.setting(later, "rollover-time", "00:00")
        }
        #expect(throws: PlannerError.regionHoursOverlap(.afternoon, "12:00–17:00", .evening, "16:00–01:00")) {
            try Self.setting(later, "evening", "16:00-01:00")
        }
        #expect(throws: InputError.badRegionHours("16:00")) { try Self.setting(later, "evening", "16:00") }
        try expectEqual(AppTestStore.contents(later), before)
        // An anchor at 00:30 belongs to that evening.
        _ = try later.addAnchor(AddAnchor.Input(title: "Night reading", at: TimeOfDay(hour: 0, minute: 30)!, duration: AnchorDuration(minutes: 20)!))
        try expectEqual(store.open("2026-03-23", "08:03").anchorOccurrences(on: LocalDay("2026-03-23")!).first?.region, .evening)
    }

    @Test("F-7 the prayer settings: a location (none again to clear), the method, Asr, the high-latitude rule and one adjustment a prayer, each its own row; the times follow")
    func prayerSettings() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-03-23", "08:00")
        #expect(throws: PlannerError.noPrayerLocation) { try app.readPrayerTimes() }
        try Self.setting(app, "location", "51.5074,-0.1278,35")
        for (key, value) in [("prayer-method", "isna"), ("asr", "hanafi"), ("high-latitude", "seventh")] {
            try Self.setting(try store.open("2026-03-23", "08:01"), key, value)
        }
        try store.open("2026-03-23", "08:02").adjustPrayerTime(AdjustPrayerTime.Input(prayer: .isha, minutes: PrayerMinutes(3)!))
        let report = try store.open("2026-03-23", "08:03").adjustPrayerTime(AdjustPrayerTime.Input(prayer: .fajr, minutes: PrayerMinutes(-2)!))
        expectEqual(report.pairs.first?.value, "fajr=-2,isha=3")
        let read = try store.open("2026-03-23", "08:04")
        let prayers = read.settings.prayers
        #expect(prayers.location?.elevation == 35 && prayers.method == .isna && prayers.asr == .hanafi && prayers.highLatitude == .seventhOfTheNight)
        #expect(try read.store.db.scalar("SELECT value FROM settings WHERE key = 'prayer-adjust-isha'")?.text == "3")
        #expect(try read.store.db.scalar("SELECT value FROM settings WHERE key = 'prayer-adjust-fajr'")?.text == "-2")
        let times = try read.readPrayerTimes(ReadPrayerTimes.Input(date: .tomorrow, days: 3))
        expectEqual(times.days.map(\.day), [LocalDay("2026-03-24")!, LocalDay("2026-03-25")!, LocalDay("2026-03-26")!])
        expectEqual(times.days[0], PrayerTimes(on: LocalDay("2026-03-24")!, at: prayers.location!, settings: prayers, in: store.zone))
        // 0 takes one adjustment off; `prayer-adjust none` all of them; `location none` the place.
        try read.adjustPrayerTime(AdjustPrayerTime.Input(prayer: .isha, minutes: PrayerMinutes(0)!))
        try expectEqual(store.open("2026-03-23", "08:05").readSettings(ReadSettings.Input(key: SettingKey.reading("prayer-adjust"))).pairs[0].value, "fajr=-2")
        try Self.setting(try store.open("2026-03-23", "08:06"), "prayer-adjust", "none")
        try Self.setting(try store.open("2026-03-23", "08:07"), "location", "none")
        let cleared = try store.open("2026-03-23", "08:08")
        #expect(cleared.settings.prayers.adjustments == .none && cleared.settings.prayers.location == nil)
        #expect(try cleared.store.db.scalar("SELECT count(*) FROM settings WHERE key LIKE 'prayer-adjust%' OR key = 'location'")?.int == 0)
        try expectEqual(cleared.readSettings().pairs.first { $0.key == "location" }?.value, "none")
        // Undo puts the location back.
        try cleared.undo(UndoAction.Input())
        try expectEqual(store.open("2026-03-23", "08:09").settings.prayers.location?.latitude, 51.5074)
    }

    @Test("F-3 F-7 the day's occurrences: prayer anchors at the day's prayer times in London's summer time change, a fixed one at its time, each with its region")
    func occurrencesAcrossDST() throws {
        let store = try AppTestStore(zone: "Europe/London")
        let app = try store.open("2026-03-27", "08:00")
        try Self.setting(app, "location", "51.5074,-0.1278")
        _ = try store.open("2026-03-27", "08:01").addAnchor(.allPrayers)
        _ = try Self.standup(try store.open("2026-03-27", "08:02"))
        let later = try store.open("2026-03-30", "08:00")
        for text in ["2026-03-28", "2026-03-29", "2026-03-30"] {
            let day = LocalDay(text)!
            let occurrences = try later.anchorOccurrences(on: day)
            let times = try later.readPrayerTimes(ReadPrayerTimes.Input(date: .date(day))).days[0]
            for prayer in Prayer.allCases {
                expectEqual(occurrences.first { $0.anchor.timing == .prayer(prayer) }?.start, times[prayer], "\(prayer) on \(text)")
            }
            let standup = occurrences.first { $0.anchor.title == "Standup" }
            expectEqual((standup != nil), (text == "2026-03-30"), "weekdays only")
            expectEqual(occurrences.map(\.start), occurrences.map(\.start).sorted())
        }
        let monday = try later.anchorOccurrences(on: LocalDay("2026-03-30")!)
        let standup = try #require(monday.first { $0.anchor.title == "Standup" })
        expectEqual(later.calendar.timeOfDay(at: standup.start), TimeOfDay(hour: 9, minute: 30))
        expectEqual(standup.region, .morning)
        expectEqual(monday.first { $0.anchor.title == "Maghrib" }?.region, .evening)
    }
}
