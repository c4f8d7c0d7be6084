import CharflowCore
import CharflowStore
import Foundation

/// Finish the live focus session: Done completes its task at the end instant; Stop for now logs the
/// time and leaves the task live.
public enum FinishSession {
    /// How the session ends.
    public enum Ending: Sendable {
        /// The task is done: it is completed, and the session finished with it.
        case done
        /// Stop for now: the time is logged, the task stays live.
        case stop
    }

    public struct Input: Decodable, Sendable {
        public var ending: Ending
        /// A line for the task's notes, timestamped; blank text adds nothing.
        public var note: String?

        enum CodingKeys: String, CodingKey {
            case done, stop, note
        }

        public init(_ ending: Ending, note: String? = nil) {
            self.ending = ending
            self.note = note
        }

        /// `done` or `stop` (exactly one of them), and the note.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let done = try container.decodeIfPresent(Bool.self, forKey: .done) ?? false
            let stop = try container.decodeIfPresent(Bool.self, forKey: .stop) ?? false
            note = try container.decodeIfPresent(String.self, forKey: .note)
            guard done != stop else { throw UsageRefusal.chooseOne(["done", "stop"]) }
            ending = done ? .done : .stop
        }
    }
}

extension Charflow {
    /// Finishes the live session as `input` says; the report holds the closed session and its task.
    @discardableResult
    public func finishSession(_ input: FinishSession.Input) throws -> SessionReport {
        guard let session = try store.sessions.live() else { throw PlannerError.noSession }
        let done = input.ending == .done
        let (closed, task) = try store.action("finish") { work -> (WorkSession, TaskItem?) in
            var current = try self.task(of: session)
            if var noted = current, let note = input.note, !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                noted.notes = Notes.appending(note, to: noted.notes, at: now, calendar: calendar)
                try work.save(&noted)
                current = noted
            }
            if done, let open = current {
                current = try complete(open, in: work)
            } else {
                try close(session, done ? .finished : .abandoned, in: work)
            }
            return (try store.sessions.session(id: session.id) ?? session, current)
        }
        return try sessionReport(closed, task: task)
    }
}
