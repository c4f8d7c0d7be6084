import CharflowApp
import CharflowCore

/// `charflow anchor add|edit|list|show|grid|archive|restore|attend|miss`: the day's fixed points (spec D22).
enum AnchorCommand: CommandGroup {
    static let name = "anchor"
    static let aliases = ["anchors"]
    static let usage = """
        charflow anchor add TITLE --at HH:MM --for DURATION [--days ISO,..|--weekdays] [--remind MINUTES] [--category NAME]
               charflow anchor add [TITLE] --prayer fajr|dhuhr|asr|maghrib|isha [--for DURATION] | anchor add --prayers
               charflow anchor edit ID [--title T] [--at HH:MM] [--for DURATION] [--days ISO,..|--weekdays] [--prayer P] \
        [--remind MINUTES|none] [--category NAME|none]
               charflow anchor list [--all] | show ID | grid ID [--weeks N] | archive ID | restore ID
               charflow anchor attend ID [--date D] | anchor miss ID [--date D]
        DURATION: minutes (15) or 15m, 1h, 1h30m. D: today, yesterday or YYYY-MM-DD, within the last 14 days.
        """
    static let summary = "Anchors: fixed times and prayers you attend or miss (add, list, grid, attend, miss)"
    static let subcommands: [any Command.Type] = [List.self, Add.self, Edit.self, Show.self, Grid.self, Archive.self,
                                                  Restore.self, Attend.self, Miss.self]
    static let bare: (any Command.Type)? = List.self

    /// `anchor list [--all]`.
    enum List: TypedCommand {
        static let name = "list"
        typealias Input = ReadAnchors.Input
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            let list = try app.readAnchors(input)
            let output = context.output
            var text = [output.bold("Anchors")]
            if list.anchors.isEmpty {
                text.append("No anchors yet. Add one with `charflow anchor add TITLE --at HH:MM --for 15m`, or `charflow anchor add --prayers`.")
            }
            for anchor in list.anchors {
                let title = TaskLineRenderer.fit(anchor.title, 24)
                var line = "  " + output.dim(anchor.shortID) + "  " + title + Padding.spaces(max(2, 26 - title.count))
                    + AnchorText.schedule(anchor)
                if anchor.isArchived {
                    line += "  " + output.dim("archived")
                } else if let today = list.today[anchor.id] {
                    line += "  · today " + AnchorText.occurrence(today, calendar: app.calendar)
                } else if anchor.timing.prayer != nil, app.settings.prayers.location == nil {
                    line += "  · " + output.dim("no location set")
                }
                text.append(line)
            }
            context.output.emit(text: text.joinedText(separator: "\n"), json: list.json)
        }
    }

    /// `anchor add …`.
    enum Add: TypedCommand {
        static let name = "add"
        typealias Input = AddAnchor.Input
        static let positions = ["title..."]
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            let added = try app.addAnchor(input)
            let names = try app.categoryNames()
            let lines = added.anchors.map { anchor in
                "Added \(anchor.shortID) “\(anchor.title)” — \(AnchorText.details(anchor, category: anchor.categoryID.flatMap { names[$0] }))."
            }
            var text = lines
            if added.anchors.contains(where: { $0.timing.prayer != nil }), app.settings.prayers.location == nil {
                text.append(CommandLineWords.text(PlannerError.noPrayerLocation))
            }
            context.output.emit(text: text.joinedText(separator: "\n"), json: added.json)
        }
    }

    /// `anchor edit ID [options]`.
    enum Edit: TypedCommand {
        static let name = "edit"
        typealias Input = EditAnchor.Input
        static let positions = ["anchor"]
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            let report = try app.editAnchor(input)
            let names = try app.categoryNames()
            let anchor = report.anchor
            context.output.emit(text: "Edited \(anchor.shortID) “\(anchor.title)” — \(AnchorText.details(anchor, category: anchor.categoryID.flatMap { names[$0] })).",
                                json: report.json)
        }
    }

    /// `anchor show ID`.
    enum Show: TypedCommand {
        static let name = "show"
        typealias Input = ShowAnchor.Input
        static let positions = ["anchor"]
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let app = try context.app()
            let detail = try app.showAnchor(input)
            let output = context.output
            let anchor = detail.anchor
            var text = [output.bold(anchor.title) + "  " + output.dim(anchor.id.lowercasedText)]
            text.append(AnchorText.details(anchor, category: detail.category) + (anchor.isArchived ? " · archived" : ""))
            if let today = detail.today {
                text.append("Today: " + AnchorText.occurrence(today, calendar: app.calendar))
            } else if !anchor.isArchived {
                text.append("Today: " + (anchor.timing.prayer != nil && app.settings.prayers.location == nil
                    ? CommandLineWords.text(PlannerError.noPrayerLocation) : "not its day"))
            }
            let renderer = DensityGridRenderer(output: output, environment: context.environment)
            text.append("Last \(detail.recent.count) days: " + detail.recent.map { renderer.glyph(AnchorText.densityCell($0)) }.joinedText(separator: " "))
            text.append(detail.read)
            output.emit(text: text.joinedText(separator: "\n"), json: detail.json)
        }
    }

    /// `anchor grid ID [--weeks N]`.
    enum Grid: TypedCommand {
        static let name = "grid"
        typealias Input = ReadAnchorGrid.Input
        static let positions = ["anchor"]
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().readAnchorGrid(input)
            let output = context.output
            let renderer = DensityGridRenderer(output: output, environment: context.environment)
            var text = [output.bold(report.anchor.title), ""]
            text += renderer.render(cells: report.cells.map(AnchorText.densityCell), firstDay: report.firstDay, weeks: report.weeks,
                                    today: report.today, calendar: report.calendar, label: AnchorText.schedule(report.anchor))
            text.append(report.read)
            text.append("")
            text.append(output.dim(AnchorText.legend(renderer)))
            output.emit(text: text.joinedText(separator: "\n"), json: report.json)
        }
    }

    /// `anchor archive ID`.
    enum Archive: TypedCommand {
        static let name = "archive"
        typealias Input = ArchiveAnchor.Input
        static let positions = ["anchor"]
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().archiveAnchor(input)
            context.output.emit(text: "Archived “\(report.anchor.title)”; its marks are kept.", json: report.json)
        }
    }

    /// `anchor restore ID`.
    enum Restore: TypedCommand {
        static let name = "restore"
        typealias Input = ArchiveAnchor.Input
        static let positions = ["anchor"]
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().restoreAnchor(input)
            context.output.emit(text: "Restored “\(report.anchor.title)”.", json: report.json)
        }
    }

    /// `anchor attend ID [--date D]`.
    enum Attend: TypedCommand {
        static let name = "attend"
        typealias Input = MarkAnchor.Input
        static let positions = ["anchor"]
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let marked = try context.app().attendAnchor(input)
            context.output.emit(text: marked.sentence, json: marked.json)
        }
    }

    /// `anchor miss ID [--date D]`.
    enum Miss: TypedCommand {
        static let name = "miss"
        typealias Input = MarkAnchor.Input
        static let positions = ["anchor"]
        static let usage = AnchorCommand.usage
        static let summary = AnchorCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let marked = try context.app().missAnchor(input)
            context.output.emit(text: marked.sentence, json: marked.json)
        }
    }
}
