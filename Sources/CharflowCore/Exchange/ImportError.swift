/// A refused import: where in the file, and what is wrong there. Nothing is changed when one is thrown.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// "line 4", "task 3 (due)", "tasks[12].due_date", "file".
    public let place: String
    public let message: String

    public init(place: String, message: String) {
        self.place = place
        self.message = message
    }

    public var description: String { "\(place): \(message)" }
}
