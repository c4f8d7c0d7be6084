import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

/// `charflow plan`: night planning, step by step on a terminal, or one step at a time with subcommands.
enum PlanCommand: Command {
    static let name = "plan"
    static let usage = """
        charflow plan                  (interactive on a terminal; otherwise the overview)
               charflow plan review | plan carry ID --keep|--later DATE-WORD [--reason R]|--drop
               charflow plan tomorrow ID [--region R] [--bucket B] [--importance I] | plan move ID --to DATE-WORD
               charflow plan close | plan skip
        """
    static let summary = "Night planning: review, carry forward, plan tomorrow, close or skip"
    static let options: Set<String> = ["keep", "later", "reason", "drop", "region", "bucket", "importance", "to"]
    static let maxWords = 2

    static func run(_ context: Context) throws {
        let words = context.args.words
        let app = try context.app()
        let planner = app.planner
        switch words.first {
        case nil:
            if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, !context.output.json {
                try Interactive(planner: planner, output: context.output).run()
            } else {
                try overview(planner, context)
            }
        case "review":
            try review(planner, context)
        case "carry":
            try carry(app, context)
        case "tomorrow":
            let change = try planner.planTask(try id(words), region: try context.region(), bucket: try context.bucket(),
                                              importance: try context.importance())
            TaskChangeText.emit(try app.taskChange(change.task, change: change), verb: "Planned", output: context.output)
            try printLoad(planner, context)
        case "move":
            guard let word = try context.dateWord("to") else { throw UsageError(message: "Move it where? Give --to DATE-WORD.") }
            let task = try planner.reschedule(try id(words), to: word)
            TaskChangeText.emit(try app.taskChange(task), verb: "Moved", output: context.output)
        case "close", "skip":
            let session = try planner.endPlanning(words[0] == "close" ? .closed : .skipped)
            let text = session.state == .closed ? "Planning for \(DayText.long(session.planDay)) closed."
                : "Planning skipped tonight."
            context.output.emit(text: text, json: sessionJSON(session))
        default:
            throw UsageError(message: "Unknown plan step '\(words[0])'.\nUsage: \(usage)")
        }
    }

    static func id(_ words: [String]) throws -> String {
        guard words.count == 2 else { throw UsageError(message: "Which task? Give its id.\nUsage: \(usage)") }
        return words[1]
    }

    static func carry(_ app: Charflow, _ context: Context) throws {
        let planner = app.planner
        let args = context.args
        let chosen = [args.has("keep"), args.value("later") != nil, args.has("drop")].filter { $0 }.count
        guard chosen == 1 else { throw UsageError(message: "Choose one of --keep, --later DATE-WORD or --drop.\nUsage: \(usage)") }
        let choice: Planner.Carry
        if args.has("keep") {
            choice = .keep
        } else if args.has("drop") {
            choice = .drop
        } else {
            guard let word = try context.dateWord("later") else { throw PlannerError.badDate(args.value("later") ?? "") }
            choice = .later(word, try context.reason())
        }
        let result = try planner.carry(try id(context.args.words), choice)
        let verb = choice == .drop ? "Dropped" : "Carried"
        TaskChangeText.emit(try app.taskChange(result.task, change: result), verb: verb, output: context.output)
    }

    static func review(_ planner: Planner, _ context: Context) throws {
        let review = try planner.planReview()
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        context.output.emit(text: reviewText(review, planner: planner, output: context.output), json: .object([
            ("date", .string(review.day.description)),
            ("planDay", .string(planner.planningDays.plan.description)),
            ("done", render.tasks(review.done)),
            ("open", render.tasks(review.open)),
            ("habits", .array(review.habits.map { habit, window, cell in
                .object([("habit", .string(habit.id.lowercasedText)), ("title", .string(habit.title)),
                         ("window", .string(window.label)), ("amount", .int(cell.amount)), ("target", .int(cell.target)),
                         ("state", .string(cell.state.rawValue)),
                         ("text", .string(HabitWords.amount(kind: habit.kind, amount: cell.amount, target: cell.target)))])
            })),
            ("session", review.session.map(sessionJSON) ?? .null),
        ]))
    }

    static func reviewText(_ review: Planner.PlanReview, planner: Planner, output: Output) -> String {
        let lines = TaskLineRenderer(output: output)
        var out = [output.bold("Review · \(DayText.long(review.day))")]
        out.append(output.heading("Done") + output.dim(" (\(review.done.count))"))
        out += review.done.isEmpty ? ["  " + output.dim("nothing marked done")] : review.done.map { lines.line($0) }
        out.append(output.heading("Still open") + output.dim(" (\(review.open.count)) — keep, later or drop each"))
        out += review.open.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: planner.today)) }
        if !review.habits.isEmpty {
            out.append(output.heading("Habits"))
            for (habit, window, cell) in review.habits {
                let name = window.label.isEmpty ? habit.title : "\(habit.title) · \(window.label)"
                out.append("  \(name): " + HabitWords.amount(kind: habit.kind, amount: cell.amount, target: cell.target))
            }
        }
        return out.joined(separator: "\n")
    }

    static func loadText(_ load: Planner.PlanLoad, output: Output) -> [String] {
        var out = ["Planned for \(DayText.long(load.day)): \(load.tasks.count) task\(load.tasks.count == 1 ? "" : "s"), "
                   + "about \(Duration.text(minutes: load.total)) of \(Duration.text(minutes: load.capacity))."]
        if load.needsPrioritising { out.append(output.accent(Messages.text(.prioritisationPrompt(day: load.day)))) }
        if load.isOverloaded { out.append(output.accent(Messages.overload(load: load.total, capacity: load.capacity))) }
        return out
    }

    static func loadJSON(_ load: Planner.PlanLoad, render: TaskJSON) -> JSONValue {
        .object([("day", .string(load.day.description)), ("tasks", render.tasks(load.tasks)),
                 ("taskMinutes", .int(load.taskMinutes)), ("habitMinutes", .int(load.habitMinutes)),
                 ("capacity", .int(load.capacity)), ("overloaded", .bool(load.isOverloaded)),
                 ("prioritisationPrompt", .bool(load.needsPrioritising))])
    }

    static func printLoad(_ planner: Planner, _ context: Context) throws {
        guard !context.output.json else { return }
        for line in loadText(try planner.planLoad(), output: context.output) { context.output.line(line) }
    }

    static func overview(_ planner: Planner, _ context: Context) throws {
        let review = try planner.planReview()
        let load = try planner.planLoad()
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        var text = [reviewText(review, planner: planner, output: context.output), ""]
        text += loadText(load, output: context.output)
        text += ["", context.output.dim("Steps: charflow plan carry ID --keep|--later DATE|--drop · plan tomorrow ID --region R · plan close | plan skip")]
        context.output.emit(text: text.joined(separator: "\n"), json: .object([
            ("review", .string(review.day.description)), ("planDay", .string(load.day.description)),
            ("open", render.tasks(review.open)), ("load", loadJSON(load, render: render)),
            ("session", review.session.map(sessionJSON) ?? .null),
        ]))
    }

    static func sessionJSON(_ session: NightPlanningSession) -> JSONValue {
        .object([("id", .string(session.id.lowercasedText)), ("date", .string(session.date.description)),
                 ("planDay", .string(session.planDay.description)), ("state", .string(session.state.rawValue))])
    }

    /// The four steps, asked one at a time on a terminal.
    struct Interactive {
        let planner: Planner
        let output: Output

        func ask(_ prompt: String) -> String? {
            print(prompt, terminator: "")
            fflush(nil)
            return readLine()?.trimmingCharacters(in: .whitespaces)
        }

        func run() throws {
            // 1. Review.
            let review = try planner.planReview()
            print(PlanCommand.reviewText(review, planner: planner, output: output))
            print("")
            // 2. Carry forward.
            if !review.open.isEmpty { print(output.heading("Carry forward")) }
            for task in review.open {
                while true {
                    guard let answer = ask("“\(task.title)” — [k]eep, [l]ater, [d]rop, [Enter] leave: ") else { return }
                    do {
                        switch answer.lowercased() {
                        case "k", "keep": report(try planner.carry(task.id.lowercasedText, .keep))
                        case "l", "later":
                            let word = ask("  When? (tomorrow, later-this-week, next-week, someday, YYYY-MM-DD): ") ?? ""
                            guard let date = QuickDate(word: word) else { print("  " + Messages.text(.badDate(word))); continue }
                            let chip = ask("  Why? [t]oo much, [n]ot ready, n[o] longer, [Enter] none: ") ?? ""
                            let reason: DeferralReason? = ["t": .tooMuch, "n": .notReady, "o": .noLonger][chip.lowercased()]
                            report(try planner.carry(task.id.lowercasedText, .later(date, reason)))
                        case "d", "drop": report(try planner.carry(task.id.lowercasedText, .drop))
                        case "": break
                        default: continue
                        }
                        break
                    } catch let error as PlannerError {
                        print("  " + Messages.text(error))
                    }
                }
            }
            // 3. Plan tomorrow.
            print("")
            print(output.heading("Plan \(DayText.long(planner.planningDays.plan))"))
            for line in PlanCommand.loadText(try planner.planLoad(), output: output) { print(line) }
            while let answer = ask("Place a task: ID [morning|afternoon|evening] [must|complementary|misc] [low|medium|high], [Enter] done: "),
                  !answer.isEmpty {
                let parts = answer.split(separator: " ").map(String.init)
                let region = parts.dropFirst().compactMap { Region(rawValue: $0.lowercased()) }.first
                let bucket = parts.dropFirst().compactMap { Bucket(word: $0) }.first
                let importance = parts.dropFirst().compactMap { Importance(rawValue: $0.lowercased()) }.first
                do {
                    let change = try planner.planTask(parts[0], region: region, bucket: bucket, importance: importance)
                    print("  Planned “\(change.task.title)”.")
                    if change.eased { print("  " + Messages.importanceEased) }
                    for line in PlanCommand.loadText(try planner.planLoad(), output: output) { print("  " + line) }
                } catch let error as PlannerError {
                    print("  " + Messages.text(error))
                }
            }
            // 4. Close or skip.
            while let answer = ask("[c]lose planning or [s]kip tonight? ") {
                switch answer.lowercased() {
                case "c", "close":
                    _ = try planner.endPlanning(.closed)
                    print("Closed. Rest well.")
                    return
                case "s", "skip":
                    _ = try planner.endPlanning(.skipped)
                    print("Skipped tonight.")
                    return
                default: continue
                }
            }
        }

        func report(_ change: Planner.DateChange) {
            let where_ = change.task.droppedAt != nil ? "dropped (charflow undo brings it back)"
                : change.task.dueDate.map { "to " + DayText.relative($0, today: planner.today) } ?? "to someday"
            print("  → \(where_)")
            if change.eased { print("  " + Messages.importanceEased) }
            if change.suggestRemoval { print("  " + Messages.text(.suggestRemoval(task: change.task.id), title: change.task.title)) }
        }
    }
}
