/// What a use case answers: a report value whose JSON document is what `--json` prints and what the
/// web API answers for it (rules A-1, W-5).
///
/// A text front end reads the report's other properties and never builds the document; it is built
/// when asked for.
public protocol Report {
    var json: JSONValue { get throws }
}
