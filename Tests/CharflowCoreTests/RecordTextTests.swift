import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Record ids as text")
struct RecordTextTests {
    static let samples: [UUID] = (0..<200).map { _ in UUID() } + [
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
        UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
        UUID(uuid: (0x0a, 0xf0, 0x9f, 0x90, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xab, 0xcd)),
    ]

    @Test("An id's text is Foundation's uuidString in lower case, and parses back to the same id")
    func roundTrip() throws {
        for id in Self.samples {
            expectEqual(id.lowercasedText, id.uuidString.lowercased())
            expectEqual(UUID(recordText: id.lowercasedText), id)
            expectEqual(UUID(recordText: id.uuidString), id)
        }
        expectEqual(Self.samples[200].lowercasedText, "00000000-0000-0000-0000-000000000000")
        expectEqual(Self.samples[201].lowercasedText, "ffffffff-ffff-ffff-ffff-ffffffffffff")
        expectEqual(Self.samples.last?.lowercasedText, "0af09f90-0001-0203-0405-06070809abcd")
    }

    @Test("Malformed id text is refused", arguments: [
        "", "0af09f90-0001-0203-0405-06070809abc", "0af09f90-0001-0203-0405-06070809abcde",
        "0af09f90x0001-0203-0405-06070809abcd", "0af09f90-0001-0203-0405-06070809abcg",
        "0af09f90-00010-203-0405-06070809abcd", " af09f90-0001-0203-0405-06070809abcd",
        "0af09f90-0001-0203-0405-060708\u{e9}abcd",
    ])
    func malformed(text: String) {
        expectEqual(UUID(recordText: text), nil)
    }

    @Test("Ids sort as their texts do")
    func order() {
        for (left, right) in zip(Self.samples, Self.samples.reversed()) {
            expectEqual(left.sorts(before: right), (left.uuidString < right.uuidString))
            expectEqual(left.sorts(before: left), false)
        }
    }
}
