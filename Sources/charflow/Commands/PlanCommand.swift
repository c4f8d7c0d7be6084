import CharflowApp
import CharflowCore
import Foundation

/// `charflow plan`: night planning, step by step on a terminal, or one step at a time with subcommands.
enum PlanCommand: CommandGroup {
    static let name = "plan"
    static let usage = """
        charflow plan                  (interactive on a terminal; otherwise the overview)
               charflow plan review | plan carry ID --keep|--later DATE-WORD [--reason R]|--drop
               charflow plan tomorrow ID [--region R] [--bucket B] [--importance I] | plan move ID --to DATE-WORD
               charflow plan close | plan skip
        """
    static let summary = "Night planning: review, carry forward, plan tomorrow, close or skip"
    static var subcommands: [any Command.Type] { [Review.self, Carry.self, Tomorrow.self, Move.self, Close.self, Skip.self] }
    static var bare: (any Command.Type)? { Overview.self }

    /// `plan`: interactive on a terminal, otherwise the overview.
    enum Overview: TypedCommand {
        static let name = "plan"
        typealias Input = NoInput
        static let usage = PlanCommand.usage
        static let summary = PlanCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            let output = context.output
            if output.console.inputIsTerminal, output.console.outputIsTerminal, !output.json {
                return try Interactive(app: app, output: output).run()
            }
            let overview = try app.planOverview()
            guard !output.json else { return output.emit(text: "", json: overview.json) }
            var text = [reviewText(overview.review, output: output, categories: overview.review.render.categories), ""]
            text += loadText(overview.load, output: output, calendar: app.calendar)
            text += ["", output.dim("Steps: charflow plan carry ID --keep|--later DATE|--drop · plan tomorrow ID --region R · plan close | plan skip")]
            output.emit(text: SessionChip.heading(text.joinedText(separator: "\n"), app: app, output: output), json: overview.json)
            try app.markHabitOffersShown(overview.review.review.habitOffers)
        }
    }

    /// `plan review`: the day's done and open tasks and its habits.
    enum Review: TypedCommand {
        static let name = "review"
        typealias Input = NoInput
        static let usage = PlanCommand.usage
        static let summary = PlanCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            let output = context.output
            let review = try app.planReview()
            guard !output.json else { return output.emit(text: "", json: review.json) }
            let text = reviewText(review, output: output, categories: review.render.categories)
            output.emit(text: SessionChip.heading(text, app: app, output: output), json: review.json)
            try app.markHabitOffersShown(review.review.habitOffers)
        }
    }

    /// `plan carry ID --keep|--later DATE-WORD [--reason R]|--drop`.
    enum Carry: TypedCommand {
        static let name = "carry"
        typealias Input = CarryTask.Input
        static let positions = ["task"]
        static let usage = PlanCommand.usage
        static let summary = PlanCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let change = try context.app().carryTask(input)
            TaskChangeText.emit(change, verb: input.choice == .drop ? "Dropped" : "Carried", output: context.output)
        }
    }

    /// `plan tomorrow ID [--region R] [--bucket B] [--importance I]`.
    enum Tomorrow: TypedCommand {
        static let name = "tomorrow"
        typealias Input = PlanTask.Input
        static let positions = ["task"]
        static let usage = PlanCommand.usage
        static let summary = PlanCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            TaskChangeText.emit(try app.planTask(input), verb: "Planned", output: context.output)
            if !context.output.json {
                for line in loadText(try app.planLoad(), output: context.output) { context.output.line(line) }
            }
        }
    }

    /// `plan move ID --to DATE-WORD`: another day, without a deferral.
    enum Move: TypedCommand {
        static let name = "move"
        typealias Input = RescheduleTask.Input
        static let positions = ["task"]
        static let usage = PlanCommand.usage
        static let summary = PlanCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            TaskChangeText.emit(try context.app().rescheduleTask(input), verb: "Moved", output: context.output)
        }
    }

    /// `plan close`.
    enum Close: TypedCommand {
        static let name = "close"
        typealias Input = NoInput
        static let usage = PlanCommand.usage
        static let summary = PlanCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().closePlanning()
            context.output.emit(text: report.changed ? "Planning for \(DayText.long(report.session.planDay)) closed."
                                    : Messages.planningAlready(closed: true), json: report.json)
        }
    }

    /// `plan skip`.
    enum Skip: TypedCommand {
        static let name = "skip"
        typealias Input = NoInput
        static let usage = PlanCommand.usage
        static let summary = PlanCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().skipPlanning()
            context.output.emit(text: report.changed ? "Planning skipped tonight." : Messages.planningAlready(closed: false),
                                json: report.json)
        }
    }

    static func reviewText(_ report: PlanReviewReport, output: Output, categories: [UUID: String]) -> String {
        let review = report.review
        let lines = TaskLineRenderer(output: output, categories: categories)
        var out = [output.bold("Review · \(DayText.long(review.day))")]
        out.append(output.heading("Done") + output.dim(" (\(review.done.count))"))
        out += review.done.isEmpty ? ["  " + output.dim("nothing marked done")] : review.done.map { lines.line($0) }
        out.append(output.heading("Still open") + output.dim(" (\(review.open.count)) — keep, later or drop each"))
        out += review.open.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: report.today)) }
        if !review.habits.isEmpty {
            out.append(output.heading("Habits"))
            for (habit, window, cell, week) in review.habits {
                let name = window.label.isEmpty ? habit.title : "\(habit.title) · \(window.label)"
                out.append("  \(name): " + HabitWords.dayLine(kind: habit.kind, amount: cell.amount, target: cell.target, week: week))
            }
        }
        // The habit offers of the day (R-6) stand here too, until answered.
        out += review.habitOffers.map { output.accent(HabitOfferWords.line($0)) }
        return out.joinedText(separator: "\n")
    }

    /// The planned day's load against its free time (F-15); with `regions`, each region's planned and free
    /// minutes and the day's events and anchors in time order (F-16).
    static func loadText(_ report: PlanLoadReport, output: Output, calendar: PlannerCalendar? = nil) -> [String] {
        let load = report.load
        var out = ["Planned for \(DayText.long(load.day)): \(load.tasks.count) task\(load.tasks.count == 1 ? "" : "s"), "
                   + "about \(Duration.text(minutes: load.total)); \(Duration.text(minutes: load.freeMinutes)) free"
                   // The habits' share is said, so the free time never reads as the hours' alone.
                   + (load.habitMinutes > 0 ? " after \(Duration.text(minutes: load.habitMinutes)) of habits." : ".")]
        if let calendar {
            let times = DayTimeText(output: output, calendar: calendar)
            out += times.lines(load.time.pointsOutsideRegions)
            for region in load.time.free.regions {
                out.append(output.heading(region.region.displayName) + " " + output.dim(DayTimeText.minutes(region)))
                out += times.lines(load.time.points(in: region.region))
            }
        }
        if load.needsPrioritising { out.append(output.accent(CommandLineWords.text(.prioritisationPrompt(day: load.day), title: nil))) }
        if load.isOverloaded { out.append(output.accent(CommandLineWords.overload(load: load.total, free: load.freeMinutes))) }
        return out
    }

    /// The four steps, asked one at a time on a terminal.
    struct Interactive {
        let app: Charflow
        let output: Output

        func ask(_ prompt: String) -> String? {
            output.console.out(output.terminal(prompt))
            return output.console.readLine()?.trimmingCharacters(in: .whitespaces)
        }

        func run() throws {
            // 1. Review.
            let reviewed = try app.planReview()
            let review = reviewed.review
            output.line(PlanCommand.reviewText(reviewed, output: output, categories: reviewed.render.categories))
            try app.markHabitOffersShown(review.habitOffers)
            output.line("")
            // The day's habit offers (R-6), answered here or left for now.
            for offer in review.habitOffers {
                let title = offer.detected.title
                guard let answer = ask("Make “\(title)” a habit? [y]es, [n]ever, [Enter] not now: ") else { return }
                do {
                    switch answer.lowercased() {
                    case "y", "yes":
                        let report = try app.adoptHabitOffer(AdoptHabitOffer.Input(offer: try HabitOfferRef.reading(title)))
                        output.line("  Adopted “\(report.habit.title)” — \(HabitText.schedule(report.habit)).")
                    case "n", "never":
                        _ = try app.declineHabitOffer(DeclineHabitOffer.Input(offer: try HabitOfferRef.reading(title)))
                        output.line("  “\(title)” won't be offered as a habit again.")
                    default: break
                    }
                } catch let error as any CharflowRefusal {
                    output.line("  " + CommandLineWords.text(error))
                }
            }
            // 2. Carry forward.
            if !review.open.isEmpty { output.line(output.heading("Carry forward")) }
            for task in review.open {
                while true {
                    guard let answer = ask("“\(task.title)” — [k]eep, [l]ater, [d]rop, [Enter] leave: ") else { return }
                    do {
                        switch answer.lowercased() {
                        case "k", "keep": report(try app.carryTask(CarryTask.Input(task: task.id, choice: .keep)))
                        case "l", "later":
                            let word = ask("  When? (tomorrow, later-this-week, next-week, someday, YYYY-MM-DD): ") ?? ""
                            guard let date = QuickDate(word: word) else { output.line("  " + CommandLineWords.text(InputError.badDate(word))); continue }
                            let chip = ask("  Why? [t]oo much, [n]ot ready, n[o] longer, [Enter] none: ") ?? ""
                            let reason: DeferralReason? = ["t": .tooMuch, "n": .notReady, "o": .noLonger][chip.lowercased()]
                            report(try app.carryTask(CarryTask.Input(task: task.id, choice: .later(date, reason))))
                        case "d", "drop": report(try app.carryTask(CarryTask.Input(task: task.id, choice: .drop)))
                        case "": break
                        default: continue
                        }
                        break
                    } catch let error as any CharflowRefusal {
                        output.line("  " + CommandLineWords.text(error))
                    }
                }
            }
            // 3. Plan tomorrow.
            output.line("")
            output.line(output.heading("Plan \(DayText.long(app.planningDays.plan))"))
            for line in PlanCommand.loadText(try app.planLoad(), output: output, calendar: app.calendar) { output.line(line) }
            for line in try candidates() { output.line(line) }
            while let answer = ask("Place a task: ID [morning|afternoon|evening] [must|complementary|misc] [low|medium|high], [Enter] done: "),
                  !answer.isEmpty {
                let parts = answer.split(separator: " ").map(String.init)
                let region = parts.dropFirst().compactMap { Region(rawValue: $0.lowercased()) }.first
                let bucket = parts.dropFirst().compactMap { Bucket(word: $0) }.first
                let importance = parts.dropFirst().compactMap { Importance(rawValue: $0.lowercased()) }.first
                do {
                    let change = try app.planTask(PlanTask.Input(task: try TaskRef.reading(parts[0]), region: region,
                                                                 bucket: bucket, importance: importance))
                    output.line("  Planned “\(change.task.title)”.")
                    for line in change.deferralLines { output.line("  " + line) }
                    for line in PlanCommand.loadText(try app.planLoad(), output: output) { output.line("  " + line) }
                } catch let error as any CharflowRefusal {
                    output.line("  " + CommandLineWords.text(error))
                }
            }
            // 4. Close or skip.
            while let answer = ask("[c]lose planning or [s]kip tonight? ") {
                switch answer.lowercased() {
                case "c", "close":
                    _ = try app.closePlanning()
                    output.line("Closed. Rest well.")
                    return
                case "s", "skip":
                    _ = try app.skipPlanning()
                    output.line("Skipped tonight.")
                    return
                default: continue
                }
            }
        }

        /// The tasks the step can place, as the page offers them: the Backlog's, with their ids, so the
        /// question that follows is not asked blind.
        func candidates() throws -> [String] {
            let backlog = try app.backlog()
            let tasks = backlog.groups.flatMap(\.tasks)
            guard !tasks.isEmpty else { return [output.dim("The Backlog is empty; add a task with: charflow add TITLE")] }
            let lines = TaskLineRenderer(output: output, categories: backlog.render.categories)
            var out = [output.heading("From the Backlog") + output.dim(" (\(tasks.count))")]
            out += tasks.prefix(Self.candidatesShown).map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: backlog.today)) }
            if tasks.count > Self.candidatesShown {
                out.append(output.dim("… and \(tasks.count - Self.candidatesShown) more: charflow backlog"))
            }
            return out
        }

        /// How many Backlog tasks the plan step lists before pointing to `charflow backlog`.
        static let candidatesShown = 20

        func report(_ change: TaskChange) {
            let where_ = change.task.droppedAt != nil ? "dropped (charflow undo brings it back)"
                : change.task.dueDate.map { "to " + DayText.relative($0, today: app.today) } ?? "to someday"
            output.line("  → \(where_)")
            for line in change.deferralLines { output.line("  " + line) }
        }
    }
}
