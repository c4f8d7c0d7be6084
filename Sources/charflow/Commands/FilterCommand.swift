import CharflowApp
import CharflowCore

/// `charflow filter [NAME] | filter --clear`: show only one category's tasks on Today.
enum FilterCommand: TypedCommand {
    static let name = "filter"
    typealias Input = SetTodayFilter.Input
    static let positions = ["category"]
    static let usage = "charflow filter [NAME | --clear]"
    static let summary = "Filter Today by a category (new tasks inherit it); --clear removes it"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().setTodayFilter(input)
        context.output.emit(text: report.filter.map { "Today shows \($0.name) only; new tasks are labelled \($0.name)." }
                                ?? "Today shows every category.",
                            json: report.json)
    }
}
