import CharflowStore
@testable import CharflowSync
import CharflowTestSupport
import Testing

/// Each hub schema version's SQL stays as it shipped (spec D18): hubs ran those texts, and a hub only
/// records the number it reached, so a text changed after it shipped leaves hubs that ran the old one
/// without what the new one adds. A change to the hub is a new version.
@Suite("The hub schema's versions are kept as they shipped (D18)")
struct HubSchemaTextTests {
    /// Each version's SHA-256, as the build that brought it wrote it (1–12, recovered from the commit
    /// where each landed, `docs/sync.md` "The hub's schema, as shipped"), 13 as it shipped, and as this build brings 14.
    static let pinned = [
        "8da1714af0f2a65c6a7751b92a9774adc7b2c8d1d467742a322c27ed76420165",
        "02830264a9b53430ef0dc90aae5182abeec03f0c762acd48ddbeb14d17a9f527",
        "d879d1b98877b96162aa4f4dbe259d0e36f425cb1828994394924c1e7164ce85",
        "fefff429172b6a866fde433eb736e6a93385b83e92dfcee36ccccfde0cd39164",
        "837e258ea5dfb60edfb1a207cea060210e6c175dea7a0271f211dcd20ab9eb14",
        "cfdff3ef64e739673397fb3986c909e774449a52916e8de5d26629b470786999",
        "f90fcbe88c4946b8142677c888116a1571f6ba7cc3340fe7f4a57949bb279208",
        "ea54cd51f91d603243372b2c856cfbf9df58342eabbb58d13eaf2476b1d6faf3",
        "230c6136503bd0496b4b1a9526dd12404f86999fa282a42484e1c55cc52cf0bc",
        "8cb01928b007f07d31265a986741d887011fb3d73f2fa24ec42e51d49bf8f443",
        "b07c09942a0518b858c991a54de5690fd42e5c033bc532648d32cc82b6572bf3",
        "4c5ee53d02beec5aecc844fec1267a2be0710d1924edf414ff0b8e1badd77164",
        "8f50627c9e0418fa7d4210e22f3435c901d78f208517cd03e0cdbf6f00e1934b",
        "dd115748ec9faa0d2f297bebdfabe575ff61f251948eae906d39204e8a0022c5",
    ]

    @Test("D18: every hub schema version's text is the one it shipped with, byte for byte, and a new version comes with its pin",
          arguments: 1...pinned.count)
    func versionTextPinned(_ version: Int) throws {
        try #require(HubSchema.migrations.count == Self.pinned.count,
                     "schema \(HubSchema.migrations.count) has no pin here, or a pinned version is gone")
        expectEqual(SHA256.hex(HubSchema.migrations[version - 1]), Self.pinned[version - 1], "schema \(version)'s text changed after it shipped: hubs ran the old one; put the change in a new version")
    }

    @Test("D18: the pins' SHA-256 gives FIPS 180-4's own answers")
    func digestAgreesWithTheStandard() {
        expectEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        expectEqual(SHA256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        expectEqual(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Two blocks of padding, and a text past a block: where a length or a carry goes wrong.
        expectEqual(SHA256.hex(String(repeating: "a", count: 1_000)), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// The functions a hub holds after every migration: for each, the text of the last version that
    /// defines it.
    static func latest(_ function: String) -> String? {
        for text in HubSchema.migrations.reversed() {
            guard let start = text.range(of: "FUNCTION \(function)(") else { continue }
            guard let body = text.range(of: "$$;", range: start.upperBound..<text.endIndex) else { return nil }
            return String(text[start.lowerBound..<body.upperBound])
        }
        return nil
    }

    @Test("Y-22 Y-28 Y-30 Y-32 Y-17 Y-27: the hub's latest functions say what the device counts on: the clock bound, the channel, the grace and the mark of compaction, the sealed prefix, the fields merged by lines, the tombstone, the lock, and the refusal codes")
    func latestFunctionsAgreeWithTheDevice() throws {
        let push = try #require(Self.latest("hub_push"))
        let pull = try #require(Self.latest("hub_pull"))
        let arrivals = try #require(Self.latest("hub_check_arrivals"))
        let announce = try #require(Self.latest("hub_announce_push"))
        let kept = try #require(Self.latest("hub_kept"))
        expectTrue(push.contains("> \(SyncClient.clockBound) THEN 'ahead'") && push.contains("+ \(SyncClient.clockBound) THEN 'restamp'"))
        expectTrue(arrivals.contains("::bigint + \(SyncClient.clockBound))::text"))
        expectContains(announce, "pg_notify('\(HubSchema.channel)', pusher)")
        for function in [push, pull] {
            expectContains(function, "interval '\(HubSchema.compactionGraceDays) days'")
        }
        expectContains(pull, "o_seq := \(HubSchema.behindCompaction);")
        expectContains(push, "pg_advisory_xact_lock(\(HubSchema.lockKey))")
        let lines = "'{" + OperationLog.mergedByLines.sorted().joined(separator: ",") + "}'::text[]"
        expectEqual(push.components(separatedBy: lines).count, 4, "each way a push logs the notes names the fields merged by lines")
        expectTrue(push.contains("'\(OperationLog.baseSuffix)'") && push.contains("right(x.f, \(OperationLog.baseSuffix.count))"))
        expectTrue(push.contains("'\(OperationLog.deletedField)'") && kept.contains("'\(OperationLog.deletedField)'"))
        expectTrue(arrivals.contains("'\(ValueSeal.prefix)'") && push.contains("'\(ValueSeal.prefix)'")
                && push.contains("starts with \"\(ValueSeal.prefix)\""))
        // Every refusal the hub raises carries a code of its own, which is how the device tells them apart.
        expectContains(arrivals, "USING ERRCODE = '\(HubRefusalCode.clockAhead)'")
        expectContains(arrivals, "USING ERRCODE = '\(HubRefusalCode.plaintext)'")
        #expect(push.components(separatedBy: "USING ERRCODE = '\(HubRefusalCode.plaintext)'").count == 3)
        for function in [push, pull, arrivals] {
            #expect(function.components(separatedBy: "RAISE").count == function.components(separatedBy: "USING ERRCODE = 'CF").count)
        }
    }
}
