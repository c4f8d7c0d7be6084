/// How a refusal quotes what it was given (spec D15, X-5).
extension Messages {
    /// The longest echo, in characters: a name or a word in full, never a pasted file.
    public static let echoLength = 60

    /// `given` as a refusal quotes it: whole up to `echoLength` characters, else its beginning and "…"
    /// with how long it was, so a refusal of a huge input stays one readable line.
    public static func echo(_ given: String) -> String {
        let count = given.count
        guard count > echoLength else { return given }
        return String(given.prefix(echoLength)) + "… (\(count) characters)"
    }
}
