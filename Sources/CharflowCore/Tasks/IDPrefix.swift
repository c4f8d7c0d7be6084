/// How a record is named by the start of its id: at least this many characters, any case.
public enum IDPrefix {
    /// The fewest characters of an id that name a record: shorter ones are refused (`idTooShort`).
    public static let shortest = 4
}
