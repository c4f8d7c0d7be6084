import Foundation

/// One of the server's secrets (spec D17, D21): 32 random bytes as lowercase hex.
///
/// A sign-in link's token (`SignInLinks`), the cookie's value and the page's write token
/// (`ServerSecret`) are each one. Compared in constant time.
public struct AccessToken: Sendable, Equatable {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    /// A new token from the system's random source.
    public static func fresh() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return AccessToken(text: bytes.map { String(format: "%02x", $0) }.joined())
    }

    /// Whether `given` is this token; the time taken does not depend on where they differ.
    public func matches(_ given: String?) -> Bool {
        guard let given else { return false }
        let expected = Array(text.utf8), actual = Array(given.utf8)
        var difference = UInt8(expected.count == actual.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < actual.count ? actual[index] : 0)
        }
        return difference == 0
    }
}
