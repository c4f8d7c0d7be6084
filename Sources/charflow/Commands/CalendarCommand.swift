import CharflowApp
import CharflowCore
import Foundation

/// `charflow calendar add|list|remove|refresh|events`: the calendars this device reads (spec D22,
/// rules F-9 to F-12). Only `add` and `refresh` read a source; `list` and `events` read the cache.
enum CalendarCommand: CommandGroup {
    static let name = "calendar"
    static let aliases = ["calendars"]
    static let usage = """
        charflow calendar list | add NAME FILE|FOLDER|URL [--caldav] [--password-file F] [--address EMAIL]... \
        | remove NAME | refresh [NAME] | events [DATE] [--days N]
        """
    static let summary = "Calendars this device reads (.ics files, vdir folders, addresses, CalDAV): add, list, refresh, remove, events"
    static let subcommands: [any Command.Type] = [List.self, Add.self, Remove.self, Refresh.self, Events.self]
    static let bare: (any Command.Type)? = List.self

    /// `calendar list`.
    enum List: TypedCommand {
        static let name = "list"
        typealias Input = NoInput
        static let usage = CalendarCommand.usage
        static let summary = CalendarCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            let list = try app.readCalendars()
            context.output.emit(text: text(list, app), json: list.json)
        }

        static func text(_ list: CalendarList, _ app: Charflow) -> String {
            guard !list.entries.isEmpty else { return CalendarMessages.noCalendars }
            var lines = ["Calendars"]
            for entry in list.entries {
                lines.append("  \(entry.name)  (\(entry.kind.rawValue))  \(entry.location)")
                var state = CalendarMessages.read(entry.readAt.map { when($0, app) }) + " · " + CalendarMessages.count(entry.events)
                if let window = entry.window {
                    state += ", \(DayText.short(window.first)) to \(DayText.short(window.last))"
                }
                lines.append("      " + state)
                if let failure = entry.failure {
                    lines.append("      not read \(when(entry.triedAt ?? failure.since, app)): \(failure.message)")
                }
                if !entry.unknownZones.isEmpty { lines.append("      " + CalendarMessages.unknownZones(entry.unknownZones)) }
                if !entry.truncatedEvents.isEmpty { lines.append("      " + CalendarMessages.truncated(entry.truncatedEvents)) }
            }
            return lines.joinedText(separator: "\n")
        }
    }

    /// `calendar add NAME SOURCE [--caldav] [--password-file F] [--address EMAIL]...`.
    enum Add: TypedCommand {
        static let name = "add"
        typealias Input = AddCalendar.Input
        static let positions = ["name", "source"]
        static let usage = CalendarCommand.usage
        static let summary = CalendarCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().addCalendar(input)
            let entry = report.entry
            var lines = [CalendarMessages.added(entry.name, events: entry.events,
                                                from: entry.window.map { DayText.short($0.first) } ?? "",
                                                to: entry.window.map { DayText.short($0.last) } ?? "")]
            if !entry.unknownZones.isEmpty { lines.append(CalendarMessages.unknownZones(entry.unknownZones)) }
            if !entry.truncatedEvents.isEmpty { lines.append(CalendarMessages.truncated(entry.truncatedEvents)) }
            context.output.emit(text: lines.joinedText(separator: "\n"), json: report.json)
        }
    }

    /// `calendar remove NAME`.
    enum Remove: TypedCommand {
        static let name = "remove"
        typealias Input = RemoveCalendar.Input
        static let positions = ["calendar"]
        static let usage = CalendarCommand.usage
        static let summary = CalendarCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().removeCalendar(input)
            context.output.emit(text: CalendarMessages.removed(report.entry.name, events: report.entry.events), json: report.json)
        }
    }

    /// `calendar refresh [NAME]`.
    enum Refresh: TypedCommand {
        static let name = "refresh"
        typealias Input = RefreshCalendars.Input
        static let positions = ["calendar"]
        static let usage = CalendarCommand.usage
        static let summary = CalendarCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().refreshCalendars(input)
            let lines = report.outcomes.map { outcome -> String in
                switch outcome.result {
                case .changed: CalendarMessages.refreshed(outcome.name, events: outcome.events, changed: true)
                case .unchanged: CalendarMessages.refreshed(outcome.name, events: outcome.events, changed: false)
                case .failed(let failure, _): failure.message + " " + CalendarMessages.keptAfterFailure(events: outcome.events)
                case .removed: CalendarMessages.removedWhileRead(outcome.name)
                }
            }
            context.output.emit(text: lines.isEmpty ? CalendarMessages.noCalendars : lines.joinedText(separator: "\n"), json: report.json)
        }
    }

    /// `calendar events [DATE] [--days N]`.
    enum Events: TypedCommand {
        static let name = "events"
        typealias Input = ReadCalendarEvents.Input
        static let positions = ["day"]
        static let usage = CalendarCommand.usage
        static let summary = CalendarCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            let report = try app.readCalendarEvents(input)
            var lines: [String] = []
            for (day, events) in report.days {
                if !lines.isEmpty { lines.append("") }
                lines.append(context.output.heading(DayText.long(day)))
                if events.isEmpty { lines.append("  " + CalendarMessages.noEvents) }
                for event in events {
                    let time = time(of: event, on: day, app)
                    var line = "  " + time + Padding.spaces(13 - time.count) + (event.title.isEmpty ? CalendarMessages.untitled : event.title)
                        + context.output.dim(" · " + event.source)
                    if let reason = event.notBusyReason { line += "  (" + CalendarMessages.notBusy(reason) + ")" }
                    lines.append(line)
                }
            }
            context.output.emit(text: lines.joinedText(separator: "\n"), json: report.json)
        }

        /// "09:00–09:15", "all day", "22:00–…" for an event that goes on past the day, "…–06:00" for one
        /// that began before it.
        static func time(of event: CalendarOccurrence, on day: LocalDay, _ app: Charflow) -> String {
            guard case let .timed(start, end) = event.timing else { return CalendarMessages.allDay }
            let calendar = app.calendar
            let from = calendar.logicalDay(at: start) == day ? calendar.timeOfDay(at: start).description : "…"
            let days = event.days(in: calendar)
            let to = days.last == day ? calendar.timeOfDay(at: end).description : "…"
            return from == to ? from : from + "–" + to
        }
    }

    /// "today at 09:00", "yesterday at 18:00", "28 Nov at 18:00": when something happened.
    static func when(_ instant: Date, _ app: Charflow) -> String {
        let calendar = app.calendar
        let day = calendar.calendarDay(at: instant)
        return DayText.relative(day, today: calendar.calendarDay(at: app.now)) + " at " + calendar.timeOfDay(at: instant).description
    }
}
