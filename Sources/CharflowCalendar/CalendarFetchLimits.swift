/// How long a fetch may wait and how much it may take, so that a dead or runaway server never holds a
/// refresh for long.
public struct CalendarFetchLimits: Sendable, Hashable {
    /// Seconds to connect (name lookup, TCP and TLS).
    public var connectSeconds: Double
    /// Seconds for a whole request, answer included.
    public var requestSeconds: Double
    /// The largest answer or file read.
    public var maximumBytes: Int
    /// Redirects followed, each checked like the first address.
    public var redirects: Int

    public init(connectSeconds: Double = 10, requestSeconds: Double = 30, maximumBytes: Int = 32 << 20, redirects: Int = 5) {
        self.connectSeconds = connectSeconds
        self.requestSeconds = requestSeconds
        self.maximumBytes = maximumBytes
        self.redirects = redirects
    }

    public static let standard = CalendarFetchLimits()
}
