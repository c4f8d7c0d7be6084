import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// The value seal of a blind hub (rule Y-32) on its own, without a hub: AES-256-GCM from libcrypto
/// under a key scrypt derives, each value bound to its table, row, field and clock.
@Suite("Sealing values for a blind hub (Y-32)")
struct ValueSealTests {
    static let place = ValueSeal.context(table: "tasks", row: "0192-task", field: "title", hlc: "000001773136800000-0000-dev")

    static func key(_ byte: UInt8) -> ValueSeal { ValueSeal(key: [UInt8](repeating: byte, count: 32))! }

    @Test("Y-32: a sealed value opens to itself under its key and place, as text that shows nothing of it")
    func roundTrip() throws {
        let seal = Self.key(7)
        for value in ["\"Water the plants\"", "null", "37", "\"\"", "\"Ünïcödé ✓ \\n line\"", String(repeating: "x", count: 20_000)] {
            let sealed = try seal.seal(value, context: Self.place)
            expectTrue(sealed.hasPrefix(ValueSeal.prefix))
            expectTrue(!sealed.contains("Water") && !sealed.contains("plants"))
            expectEqual(seal.open(sealed, context: Self.place), value)
        }
        // A new nonce every time: the same value sealed twice looks different.
        try expectNotEqual(seal.seal("\"same\"", context: Self.place), seal.seal("\"same\"", context: Self.place))
    }

    @Test("Y-32: a changed byte, a cut value or a plain one does not open")
    func tamperRefused() throws {
        let seal = Self.key(7)
        let sealed = try seal.seal("\"Pay the rent\"", context: Self.place)
        var bytes = [UInt8](Data(base64Encoded: String(sealed.dropFirst(ValueSeal.prefix.count)))!)
        for index in [0, 12, bytes.count / 2, bytes.count - 1] {
            bytes[index] ^= 0x01
            expectEqual(seal.open(ValueSeal.prefix + Data(bytes).base64EncodedString(), context: Self.place), nil, "byte \(index)")
            bytes[index] ^= 0x01
        }
        expectEqual(seal.open(ValueSeal.prefix + Data(bytes).base64EncodedString(), context: Self.place), "\"Pay the rent\"")
        expectEqual(seal.open(String(sealed.dropLast(4)), context: Self.place), nil)
        expectEqual(seal.open(ValueSeal.prefix + Data(bytes.prefix(20)).base64EncodedString(), context: Self.place), nil)
        expectEqual(seal.open("\"Pay the rent\"", context: Self.place), nil)
        expectEqual(seal.open(ValueSeal.prefix + "not base64!", context: Self.place), nil)
    }

    @Test("Y-32: another key, another field, another row or another clock does not open a value")
    func wrongKeyOrPlace() throws {
        let sealed = try Self.key(7).seal("\"Call Sam\"", context: Self.place)
        expectEqual(Self.key(8).open(sealed, context: Self.place), nil)
        for other in [ValueSeal.context(table: "tasks", row: "0192-task", field: "notes", hlc: "000001773136800000-0000-dev"),
                      ValueSeal.context(table: "tasks", row: "0192-other", field: "title", hlc: "000001773136800000-0000-dev"),
                      ValueSeal.context(table: "habits", row: "0192-task", field: "title", hlc: "000001773136800000-0000-dev"),
                      ValueSeal.context(table: "tasks", row: "0192-task", field: "title", hlc: "000001773136900000-0000-dev")] {
            expectEqual(Self.key(7).open(sealed, context: other), nil, "\(other)")
        }
    }

    @Test("Y-32: scrypt gives one key for one passphrase and salt, another for another; the key check tells them apart")
    func derivation() throws {
        let parameters = ValueSeal.Parameters(salt: Array("sixteen byte slt".utf8), n: 1 << 10, r: 8, p: 1)
        let one = try ValueSeal.derive("correct horse", parameters)
        try expectEqual(ValueSeal.derive("correct horse", parameters).key, one.key)
        // The passphrase is taken in Unicode's composed form: é typed as one or two code points agrees.
        try expectEqual(ValueSeal.derive("caf\u{E9}", parameters).key, ValueSeal.derive("cafe\u{301}", parameters).key)
        try expectNotEqual(ValueSeal.derive("correct horse!", parameters).key, one.key)
        let salted = ValueSeal.Parameters(salt: Array("another salt....".utf8), n: 1 << 10, r: 8, p: 1)
        try expectNotEqual(ValueSeal.derive("correct horse", salted).key, one.key)
        let check = try one.keyCheck()
        expectTrue(one.opens(keyCheck: check))
        expectTrue(!(try ValueSeal.derive("wrong horse", parameters)).opens(keyCheck: check))
        // The standard parameters work, each hub with its own salt.
        let fresh = try ValueSeal.Parameters.fresh()
        #expect(fresh.n == ValueSeal.Parameters.standardN && fresh.salt.count == 16)
        try expectNotEqual(ValueSeal.Parameters.fresh().salt, fresh.salt)
        try expectEqual(ValueSeal.derive("correct horse", fresh).key.count, 32)
    }

    @Test("Y-32: a hub cannot make a device spend gigabytes deriving a key")
    func unaffordableParametersRefused() throws {
        for parameters in [ValueSeal.Parameters(salt: [1], n: 1 << 24, r: 8, p: 1), ValueSeal.Parameters(salt: [1], n: 1000, r: 8, p: 1),
                           ValueSeal.Parameters(salt: [1], n: 1 << 14, r: 8, p: 64), ValueSeal.Parameters(salt: [], n: 1 << 10, r: 8, p: 1)] {
            #expect(throws: SyncError.self) { try ValueSeal.derive("x", parameters) }
        }
    }
}
