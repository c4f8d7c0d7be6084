@testable import CharflowStore
import CharflowCore
import CharflowAppSetup
import Foundation
import CharflowTestSupport
import Testing

@Suite("Derived ids and the SHA-1 they are made with (D18)")
struct DerivedIDTests {
    @Test("D18: the seeded default categories get version 5 ids of their preset keys, the same in every store")
    func defaultCategoriesShareIDs() throws {
        // Python's uuid.uuid5(uuid5(NAMESPACE_URL, "charflow"), "category-preset:<key>").
        let expected = [
            "personal": "c33622fe-a027-5a88-ba77-bf957e78ecd3",
            "family": "9ccf0b63-2dc7-547e-84c7-f030e60cb5a2",
            "work": "524e8e14-631f-509f-a920-70e021168b52",
        ]
        for zone in ["Europe/London", "America/New_York"] {
            let planner = try TempStore(zone: zone).open("2026-03-07", "09:00")
            let rows = try planner.db.rows("SELECT preset_key, id FROM categories WHERE preset_key IS NOT NULL")
            expectEqual(Dictionary(uniqueKeysWithValues: rows.compactMap { row in row[0].text.flatMap { key in row[1].text.map { (key, $0) } } }), expected)
        }
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    @Test("SHA-1 gives FIPS 180-4's digests, across every padding boundary of a block")
    func digests() {
        expectEqual(hex(SHA1.digest([])), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        expectEqual(hex(SHA1.digest(Array("abc".utf8))), "a9993e364706816aba3e25717850c26c9cd0d89d")
        expectEqual(hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        // 55 bytes fit one block with the length; 56 need a second; 64 fill one; 119 end two blocks short.
        let letters = UInt8(ascii: "a")
        expectEqual(hex(SHA1.digest([UInt8](repeating: letters, count: 55))), "c1c8bbdc22796e28c0e15163d20899b65621d65a")
        expectEqual(hex(SHA1.digest([UInt8](repeating: letters, count: 56))), "c2db330f6083854c99d4b5bfb6e8f29f201be699")
        expectEqual(hex(SHA1.digest([UInt8](repeating: letters, count: 64))), "0098ba824b5c16427bd7a1122a5a442a25ec644d")
        expectEqual(hex(SHA1.digest([UInt8](repeating: letters, count: 119))), "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56")
        expectEqual(hex(SHA1.digest([UInt8](repeating: letters, count: 1_000_000))), "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("D18: a derived id is the version 5 UUID any implementation makes of the same name")
    func versionFiveIDs() {
        // Made by Python's uuid.uuid5 with Charflow's namespace, which is itself uuid5(URL, "charflow").
        expectEqual(DerivedID.namespace.lowercasedText, "2ecfdc28-33b3-5910-badc-d5fe33a7b9a6")
        let task = UUID(uuidString: "0b6c2c43-7c1e-4b8e-9d5a-3f1e2a4b5c6d")!
        expectEqual(DerivedID.uuid("rollover-deferral:" + task.lowercasedText + ":2026-03-29").lowercasedText, "f1ca65d7-b51a-502b-914e-aecf565b00ec")
        // A deferral record's id, since D19 changed: (task, day), whoever made it.
        expectEqual(DerivedID.uuid("deferral:" + task.lowercasedText + ":2026-03-29").lowercasedText, "bcacb618-354f-58e2-af77-0774e8b2a298")
    }
}
