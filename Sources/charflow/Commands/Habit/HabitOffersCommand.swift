import CharflowApp
import CharflowCore

/// `charflow habit offers`: the detected habits offered today, each with how to adopt or decline
/// it. Listing them records them as shown, as Today's line does; `--json` marks nothing.
enum HabitOffersCommand: TypedCommand {
    static let name = "habit offers"
    typealias Input = NoInput
    static let usage = HabitCommand.usage
    static let summary = "Habits detected from tasks done at even gaps, offered once"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.readHabitOffers()
        if context.output.json { return context.output.emit(text: "", json: try report.json) }
        guard !report.offers.isEmpty else { return context.output.line("No habit is offered today.") }
        let lines = report.offers.map { offer in
            "\(offer.id.shortText)  \(offer.detected.sentence)\n          "
                + context.output.dim("charflow habit adopt \(HabitOfferWords.name(offer)) · charflow habit decline \(HabitOfferWords.name(offer))")
        }
        context.output.line(lines.joinedText(separator: "\n"))
        try app.markHabitOffersShown(report.offers)
    }
}

/// How the command line names an offer in the commands it suggests: its title in lower case.
enum HabitOfferWords {
    static func name(_ offer: HabitOffer) -> String {
        LearnedEffort.titleKey(offer.detected.title)
    }

    /// Today's line for an offer: the sentence and the command that adopts it.
    static func line(_ offer: HabitOffer) -> String {
        "\(offer.detected.sentence) charflow habit adopt \(name(offer))"
    }
}
