import CharflowApp
import CharflowCore

/// What `serve` and `sync --watch` say when the calendars' own refresh tells something (rule F-12).
enum CalendarEventWords {
    static func text(_ event: CalendarAutoRefresh.Event) -> String {
        switch event {
        case .failed(_, let failure, _): failure.message + " " + CalendarMessages.lastEventsKept
        case .readAgain(let name, _): CalendarMessages.readAgain(name)
        }
    }
}
