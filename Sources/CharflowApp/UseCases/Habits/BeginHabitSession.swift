import CharflowCore
import CharflowStore
import Foundation

/// Begin a focus session on a timed habit's window: it starts through the sessions' `startSession`, so
/// one timer runs at a time (S-7), and its minutes count towards the window's day when it closes.
public enum BeginHabitSession {
    public struct Input: Decodable, Sendable {
        public var habit: HabitRef
        /// The window's label; needed when the habit has several.
        public var window: String?
        /// How to end a session that is running: logged (`done`) or stopped (`stop`), H-12.
        public var settle: SessionSettle?

        enum CodingKeys: String, CodingKey {
            case habit, window, settle
        }

        public init(habit: HabitRef, window: String? = nil, settle: SessionSettle? = nil) {
            self.habit = habit
            self.window = window
            self.settle = settle
        }

        public init(habit: UUID, window: String? = nil, settle: SessionSettle? = nil) {
            self.init(habit: HabitRef(habit), window: window, settle: settle)
        }

        /// The settle choice is read as a habit's (`HabitSettle`), whose refusal names the two it takes.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            habit = try container.decode(HabitRef.self, forKey: .habit)
            window = try container.decodeIfPresent(String.self, forKey: .window)
            settle = try container.decodeIfPresent(HabitSettle.self, forKey: .settle)?.choice
        }
    }
}

/// A session begun on a habit's window.
public struct HabitSessionReport: Report {
    public let session: WorkSession
    /// The habit's title, with the window's label.
    public let title: String
    public let json: JSONValue
}

extension Charflow {
    @discardableResult
    public func beginHabitSession(_ input: BeginHabitSession.Input) throws -> HabitSessionReport {
        let habit = try habit(input.habit)
        try HabitRules.checkTimable(habit)
        let window = try window(of: habit, label: input.window)
        let session = try startSession(on: .habitWindow(window.id), estimate: window.target, settle: input.settle)
        return HabitSessionReport(session: session, title: try title(of: session),
                                  json: .object([("session", SessionJSON.session(session, now: now, calendar: calendar))]))
    }
}
