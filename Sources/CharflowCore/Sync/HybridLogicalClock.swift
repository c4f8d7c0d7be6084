import Foundation

/// A hybrid logical clock (spec D18): milliseconds, a counter and the device id, so every operation
/// a device writes is later than everything it has written or seen, even when its clock stands still.
///
/// Its text is zero-padded (`000001764487200000-000000-<device>`), so comparing texts compares
/// clocks, and a tie in time and counter is broken by the device id, as D18 says.
public struct HybridLogicalClock: Sendable, Equatable, Comparable {
    public let milliseconds: Int64
    public let counter: Int
    public let device: String

    public init(milliseconds: Int64, counter: Int, device: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    /// The clock of the next local event at wall time `now` (milliseconds since 1970).
    public func tick(now: Int64) -> HybridLogicalClock {
        now > milliseconds
            ? HybridLogicalClock(milliseconds: now, counter: 0, device: device)
            : HybridLogicalClock(milliseconds: milliseconds, counter: counter + 1, device: device)
    }

    /// This device's clock after it has seen `other`: never behind anything it received.
    public func receiving(_ other: HybridLogicalClock) -> HybridLogicalClock {
        other.milliseconds > milliseconds || (other.milliseconds == milliseconds && other.counter > counter)
            ? HybridLogicalClock(milliseconds: other.milliseconds, counter: other.counter, device: device)
            : self
    }

    /// The sortable text form.
    public var text: String {
        let ms = String(milliseconds)
        let count = String(counter)
        return String(repeating: "0", count: max(0, 18 - ms.count)) + ms + "-"
            + String(repeating: "0", count: max(0, 6 - count.count)) + count + "-" + device
    }

    /// Reads the text form back; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 18, parts[1].count == 6,
              let ms = Int64(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(milliseconds: ms, counter: count, device: String(parts[2]))
    }

    /// The order of the texts. Within the text's widths (18 digits of milliseconds, 6 of counter: every
    /// clock read from a text) that is the order of the milliseconds, then the counter, then the
    /// device, compared without printing either clock; a merge compares one a field it receives.
    public static func < (lhs: HybridLogicalClock, rhs: HybridLogicalClock) -> Bool {
        guard lhs.fitsItsText, rhs.fitsItsText else { return lhs.text < rhs.text }
        if lhs.milliseconds != rhs.milliseconds { return lhs.milliseconds < rhs.milliseconds }
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return lhs.device < rhs.device
    }

    /// Whether the milliseconds and the counter fit their widths in the text.
    private var fitsItsText: Bool {
        (0...999_999_999_999_999_999).contains(milliseconds) && (0...999_999).contains(counter)
    }
}
