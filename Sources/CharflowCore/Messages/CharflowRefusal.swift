/// An error a layer throws on purpose, as every front end reports it: a stable code, the domain sentence,
/// the next step and what sort of refusal it is.
///
/// The code never changes once given: scripts and the page read it in `{"error": {"code": ...}}`. The
/// message is the domain's part only (spec D15): no command-line flag and no button is named in it, as
/// each front end phrases the `hint` in its own words (spec D16, rule A-3). The `kind` is what a front
/// end answers by when it answers every refusal of a sort alike.
public protocol CharflowRefusal: Error, Sendable {
    /// The stable, machine-readable code (`region_full`, `not_found`).
    var code: String { get }
    /// The one-line sentence for a person, in the domain's words.
    var message: String { get }
    /// The next step, when the refusal has one.
    var hint: Hint? { get }
    /// What sort of refusal it is.
    var kind: RefusalKind { get }
}

extension CharflowRefusal {
    public var hint: Hint? { nil }
}
