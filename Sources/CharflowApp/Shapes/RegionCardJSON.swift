import CharflowCore

/// A region card's buckets against the 1–3–5 limits, keyed as its task lists are (`mustDo`,
/// `complementary`, `misc`), for `today --json` and the page, which counts against them and keeps no copy.
extension RegionCard {
    /// Each bucket's limit: `{"mustDo": 1, "complementary": 3, "misc": 5}`.
    public var limitsJSON: JSONValue { byBucket(\.limit) }

    /// How many more tasks each bucket takes (`room(in:)`), 0 when full.
    public var roomJSON: JSONValue { byBucket(room(in:)) }

    private func byBucket(_ value: (Bucket) -> Int) -> JSONValue {
        .object(Bucket.allCases.map { ($0.rawValue, .int(value($0))) })
    }
}
