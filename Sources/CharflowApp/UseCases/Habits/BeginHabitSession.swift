import CharflowCore
import CharflowStore
import Foundation

/// Begin a focus session on a timed habit's window: it starts through the sessions' `startSession`, so
/// one timer runs at a time (S-7), and its minutes count towards the window's day when it closes.
public enum BeginHabitSession {
    public struct Input: Sendable {
        public var habit: UUID
        /// The window's label; needed when the habit has several.
        public var window: String?
        public var settle: SessionSettle?

        public init(habit: UUID, window: String? = nil, settle: SessionSettle? = nil) {
            self.habit = habit
            self.window = window
            self.settle = settle
        }
    }
}

/// A session begun on a habit's window.
public struct HabitSessionReport {
    public let session: WorkSession
    /// The habit's title, with the window's label.
    public let title: String
    public let json: JSONValue
}

extension Charflow {
    @discardableResult
    public func beginHabitSession(_ input: BeginHabitSession.Input) throws -> HabitSessionReport {
        let habit = try habit(id: input.habit)
        try HabitRules.checkTimable(habit)
        let window = try window(of: habit, label: input.window)
        let session = try startSession(on: .habitWindow(window.id), estimate: window.target, settle: input.settle)
        return HabitSessionReport(session: session, title: try title(of: session),
                                  json: .object([("session", SessionJSON.session(session, now: now, calendar: calendar))]))
    }

    // MARK: From a request

    /// `habit begin ID [--window LABEL] [--settle done|stop]`.
    public func beginHabit(_ request: Request) throws -> HabitSessionReport {
        var settle: SessionSettle?
        if let text = request.value("settle") {
            guard let choice = SessionSettle(rawValue: text.lowercased()) else {
                throw InputError.invalidWord(what: "settle choice", given: text, expected: "done or stop")
            }
            settle = choice
        }
        let habit = try habit(matching: try request.habitSubject())
        return try beginHabitSession(BeginHabitSession.Input(habit: habit.id, window: request.value("window"), settle: settle))
    }
}
