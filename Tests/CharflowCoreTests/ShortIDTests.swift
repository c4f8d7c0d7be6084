import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// How much of an id a person is shown (`ShortID`).
@Suite("Short ids")
struct ShortIDTests {
    let id = UUID(uuidString: "5A1B2C3D-0001-4000-8000-000000000001")!

    @Test("B-1 an id no other shares in its first 8 characters shows those 8")
    func eightWhenAlone() {
        expectEqual(ShortID.shortest(id, neighbours: []), "5a1b2c3d")
        expectEqual(ShortID.shortest(id, neighbours: ["5a1b2c3e-0000-4000-8000-000000000000"]), "5a1b2c3d")
    }

    @Test("B-1 ids that share their first characters show one more than they share, never ending on a hyphen")
    func longerWhenShared() {
        expectEqual(ShortID.shortest(id, neighbours: ["5a1b2c3d-0002-4000-8000-000000000001"]), "5a1b2c3d-0001")
        expectEqual(ShortID.shortest(id, neighbours: ["5a1b2c3d-1000-4000-8000-000000000001"]), "5a1b2c3d-0", "a cut after the hyphen takes the next character")
        expectEqual(ShortID.shortest(id, neighbours: ["5a1b2c3d-0001-4000-8000-000000000002"]), "5a1b2c3d-0001-4000-8000-000000000001")
        expectEqual(ShortID.shortest(id, neighbours: ["5a1b2c30-0000-4000-8000-000000000000", "5a1b2c3d-0001-4fff-8000-000000000000"]), "5a1b2c3d-0001-40", "the longer of the two neighbours' shares decides")
    }
}
