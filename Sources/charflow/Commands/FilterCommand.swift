import CharflowApp
import CharflowCore

/// `charflow filter [NAME] | filter --clear`: show only one category's tasks on Today.
enum FilterCommand: Command {
    static let name = "filter"
    static let usage = "charflow filter [NAME | --clear]"
    static let summary = "Filter Today by a category (new tasks inherit it); --clear removes it"
    static let options: Set<String> = ["clear"]

    static func run(_ context: Context) throws {
        let filter = try context.app().setTodayFilter(context.request).filter
        context.output.emit(text: filter.map { "Today shows \($0.name) only; new tasks are labelled \($0.name)." }
                                ?? "Today shows every category.",
                            json: .object([("filter", .optional(filter?.name))]))
    }
}
