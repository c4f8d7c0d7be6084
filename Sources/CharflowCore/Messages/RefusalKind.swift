/// What sort of refusal a refusal is, so each front end can answer every one of a sort alike (the web by
/// its HTTP status, spec "The web UI's API").
///
/// A kind says what went wrong, not which layer noticed: a rule can refuse a malformed value as well as
/// the input parsers can, and the store and the files can both be unavailable.
public enum RefusalKind: String, Sendable, CaseIterable {
    /// What the request names does not exist: no task, habit, category, group or time of day by that name.
    case notFound
    /// The request is malformed: a missing piece, or a value not of the form its option takes; nothing was tried.
    case badInput
    /// The request is well formed, but the rules or the planner's present state refuse it now.
    case conflict
    /// The store or a file cannot serve the request: unreadable, read-only, damaged, full, foreign or newer.
    case unavailable
}
