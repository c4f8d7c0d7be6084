import CharflowApp
import CharflowCore

/// The one-line report of a changed task ("Added 7d28… “Title” — Morning · Must-Do 1/1."), or its JSON.
enum TaskChangeText {
    static func emit(_ change: TaskChange, verb: String, output: Output) {
        output.emit(text: text(change, verb: verb, output: output), json: change.json)
    }

    static func text(_ change: TaskChange, verb: String, output: Output) -> String {
        let task = change.task
        var lines = ["\(verb) \(output.taskShortID(task.id)) “\(task.title)” — \(place(change.place))."]
        if let result = change.dateChange { lines += deferralLines(eased: result.eased, suggestRemoval: result.suggestRemoval, task: task) }
        return lines.joinedText(separator: "\n")
    }

    /// What a deferral did, in words: the easing to low (T-13) and the suggestion to let it go (T-21).
    static func deferralLines(eased: Bool, suggestRemoval: Bool, task: TaskItem) -> [String] {
        var lines: [String] = []
        if eased { lines.append(Messages.importanceEased) }
        if suggestRemoval {
            lines.append(CommandLineWords.text(Signal.suggestRemoval(task: task.id), title: task.title))
        }
        return lines
    }

    /// Where a task now stands: "Morning · Must-Do 1/1", "Backlog", "due tomorrow".
    static func place(_ place: TaskPlace) -> String {
        switch place {
        case .deleted: return "deleted; `charflow undo` brings it back"
        case let .board(region, bucket, count, day, today):
            let when = day == today ? "" : " on " + DayText.relative(day, today: today)
            return "\(region.displayName) · \(bucket.displayName) \(count)/\(bucket.limit)\(when)"
        case .done: return "done"
        case .backlog: return "Backlog"
        case let .due(day, today): return "due " + DayText.relative(day, today: today)
        }
    }
}

extension TaskChange {
    /// What this change's deferral did, in words (none when it made no deferral).
    var deferralLines: [String] {
        dateChange.map { TaskChangeText.deferralLines(eased: $0.eased, suggestRemoval: $0.suggestRemoval, task: task) } ?? []
    }
}
