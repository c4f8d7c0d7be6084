import CharflowCore
import CharflowTestSupport
import Testing

@Suite("Hybrid logical clock (D18)")
struct HybridLogicalClockTests {
    @Test("Y-3: clocks order by time, then counter, then device id, and their text sorts the same way")
    func ordering() {
        let clocks = [
            HybridLogicalClock(milliseconds: 1_700_000_000_000, counter: 0, device: "b"),
            HybridLogicalClock(milliseconds: 999, counter: 12, device: "z"),
            HybridLogicalClock(milliseconds: 1_700_000_000_000, counter: 0, device: "a"),
            HybridLogicalClock(milliseconds: 1_700_000_000_000, counter: 2, device: "a"),
            HybridLogicalClock(milliseconds: 1_700_000_000_001, counter: 0, device: "a"),
        ]
        let byValue = clocks.sorted { ($0.milliseconds, $0.counter, $0.device) < ($1.milliseconds, $1.counter, $1.device) }
        expectEqual(clocks.sorted(), byValue)
        expectEqual(clocks.map(\.text).sorted(), byValue.map(\.text))
        expectEqual(byValue.first?.text, "000000000000000999-000012-z")
    }

    @Test("Y-3: a clock that stands still or goes back still moves forward; one that receives a later clock passes it")
    func tickAndReceive() {
        let start = HybridLogicalClock(milliseconds: 5_000, counter: 3, device: "a")
        expectEqual(start.tick(now: 4_000), HybridLogicalClock(milliseconds: 5_000, counter: 4, device: "a"))
        expectTrue(start.tick(now: 5_000) > start)
        expectEqual(start.tick(now: 6_000), HybridLogicalClock(milliseconds: 6_000, counter: 0, device: "a"))
        let seen = start.receiving(HybridLogicalClock(milliseconds: 9_000, counter: 7, device: "b"))
        expectEqual(seen, HybridLogicalClock(milliseconds: 9_000, counter: 7, device: "a"))
        expectTrue(seen.tick(now: 6_000) > HybridLogicalClock(milliseconds: 9_000, counter: 7, device: "b"))
        expectEqual(start.receiving(HybridLogicalClock(milliseconds: 1, counter: 0, device: "b")), start)
    }

    @Test("Y-3: the text form reads back, and anything else is refused")
    func textRoundTrip() {
        let clock = HybridLogicalClock(milliseconds: 1_773_133_200_000, counter: 41, device: "5d1064a0-2b5b-4c4b-98ce-7515d45edf1c")
        expectEqual(HybridLogicalClock(text: clock.text), clock)
        expectEqual(HybridLogicalClock(text: "12-000000-a"), nil)
        expectEqual(HybridLogicalClock(text: ""), nil)
    }
}
