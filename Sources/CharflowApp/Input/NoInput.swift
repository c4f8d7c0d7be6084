/// The input of a use case that takes none: an empty body, and no option.
public struct NoInput: Decodable, Sendable {
    private enum NoKey: CodingKey {}

    public init() {}

    /// Takes no key: a body or an option that says anything is refused as unknown.
    public init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: NoKey.self)
    }
}
