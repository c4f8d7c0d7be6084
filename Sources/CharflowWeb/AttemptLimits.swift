import Foundation

/// Failed pairing and sign-in attempts over the network, limited per client address and in all
/// (spec D24, rule M-4).
///
/// Each failure (a wrong, used or expired pairing code, a cookie no paired browser has) is counted for
/// its address and in the total over a sliding window of ten minutes, a pairing code's life. A wrong
/// cookie counts once however often it comes: a revoked phone's page keeps asking with its old one every
/// few seconds, which would otherwise close pairing to everyone, that phone included. Once an
/// address has `perAddress` failures in the window, or every address together `total`, pairing is
/// answered 429 without looking at the code until the window has passed; a paired browser's sign-in
/// still works. So a guesser tries at most `total` codes in a code's life (see `PairingCodes`).
/// In memory: a restart forgets the counts, and takes longer than the attempts it would allow.
public final class AttemptLimits: @unchecked Sendable {
    public static let window: TimeInterval = 10 * 60
    public let perAddress: Int
    public let total: Int
    private let lock = NSLock()
    private var failures: [(address: String, at: Date)] = []
    /// The wrong cookies counted in the window, and when each was first seen.
    private var wrongCookies: [String: Date] = [:]

    public init(perAddress: Int = 5, total: Int = 30) {
        self.perAddress = perAddress
        self.total = total
    }

    /// Whether `address` may try a pairing code at `now`.
    public func allows(_ address: String, now: Date) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        forget(before: now)
        return failures.count < total && failures.filter { $0.address == address }.count < perAddress
    }

    /// Counts one failure from `address`.
    public func fail(_ address: String, now: Date) {
        lock.lock()
        defer { lock.unlock() }
        forget(before: now)
        // The list never holds more than a window's worth of failures past the limits.
        if failures.count < total * 4 { failures.append((address, now)) }
    }

    /// Counts a cookie no paired browser has, from `address`, unless this one was counted in the window.
    public func failCookie(_ cookie: String, from address: String, now: Date) {
        lock.lock()
        forget(before: now)
        let seen = wrongCookies[cookie] != nil
        if !seen, wrongCookies.count < total * 4 { wrongCookies[cookie] = now }
        lock.unlock()
        if !seen { fail(address, now: now) }
    }

    private func forget(before now: Date) {
        failures.removeAll { now.timeIntervalSince($0.at) >= Self.window }
        wrongCookies = wrongCookies.filter { now.timeIntervalSince($0.value) < Self.window }
    }
}
