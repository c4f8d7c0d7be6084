import Foundation

/// A time of day as the command line gives it: `"LABEL HH:MM-HH:MM [remind HH:MM]"`.
public struct WindowSpec: Sendable, Equatable {
    /// The longest label, in characters: a time of day's name ("Morning", "After lunch"), not a sentence.
    public static let maxLabelLength = 40

    public var label: String
    public var start: TimeOfDay?
    public var end: TimeOfDay?
    public var reminder: TimeOfDay?

    public init(label: String, start: TimeOfDay? = nil, end: TimeOfDay? = nil, reminder: TimeOfDay? = nil) {
        self.label = label
        self.start = start
        self.end = end
        self.reminder = reminder
    }

    /// Parses `"Morning 06:00-09:00 remind 06:30"`; every part but the label is optional.
    public static func parse(_ text: String) throws(InputError) -> WindowSpec {
        var words = text.split(separator: " ").map(String.init)
        var spec = WindowSpec(label: "")
        if let index = words.firstIndex(where: { $0.lowercased() == "remind" }) {
            guard index + 1 < words.count, let time = TimeOfDay(words[index + 1]) else { throw .badWindow(text) }
            spec.reminder = time
            words.removeSubrange(index...(index + 1))
        }
        if let index = words.firstIndex(where: { $0.contains("-") && $0.contains(":") }) {
            let parts = words[index].split(separator: "-")
            guard parts.count == 2, let start = TimeOfDay(parts[0]), let end = TimeOfDay(parts[1]), start < end else {
                throw .badWindow(text)
            }
            spec.start = start
            spec.end = end
            words.remove(at: index)
        }
        spec.label = words.joinedText(separator: " ")
        return spec
    }
}

extension WindowSpec: WordValue {
    /// `"LABEL HH:MM-HH:MM [remind HH:MM]"`, read by `parse`.
    public static func reading(_ word: String) throws -> WindowSpec {
        try parse(word)
    }
}
