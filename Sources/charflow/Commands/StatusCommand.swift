import CharflowApp
import CharflowCore

/// `charflow status`: the running chip.
enum StatusCommand: TypedCommand {
    static let name = "status"
    typealias Input = NoInput
    static let usage = "charflow status [--json]"
    static let summary = "The running session: task, elapsed against estimate, paused or not"

    static func run(_ input: Input, _ context: Context) throws {
        let status = try context.app().sessionStatus()
        let text = status.session.map { SessionJSON.chip($0, title: status.name?.title ?? "", now: status.now) } ?? "No session is running."
        context.output.emit(text: text, json: status.json)
    }
}
