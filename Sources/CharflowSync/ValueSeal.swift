import Foundation

/// A hub's values sealed on the device (spec D20, rule Y-32): AES-256-GCM under a 32-byte key that
/// scrypt derives from the passphrase, so the hub holds no plaintext value.
///
/// A sealed value is text, `cf1:` and the base64 of a random 12-byte nonce, the ciphertext and the
/// 16-byte tag, so the hub's `value text` columns hold it as they held the JSON. Each value is bound
/// to where it belongs (table, row, field and clock, as additional authenticated data): the hub
/// cannot move a value to another field or row, nor give an old value a newer clock; any of these,
/// or a changed byte, fails the tag and the value does not open. Ids, tables, fields and clocks stay
/// in the clear: the merge needs them, and the hub needs them to keep each field's winner.
package struct ValueSeal: Sendable {
    /// How the key is derived from a passphrase: the hub keeps these beside the key check.
    package struct Parameters: Sendable, Equatable {
        package let salt: [UInt8]
        /// scrypt's cost (a power of two), block size and parallelism.
        package let n: UInt64
        package let r: UInt64
        package let p: UInt64

        /// 2^16 × 8 × 128 bytes = 64 MiB of memory per derivation, which a device does once per hub.
        package static let standardN: UInt64 = 1 << 16
        package static let standardR: UInt64 = 8
        package static let standardP: UInt64 = 1

        package init(salt: [UInt8], n: UInt64, r: UInt64, p: UInt64) {
            self.salt = salt
            self.n = n
            self.r = r
            self.p = p
        }

        /// The standard parameters with a new random 16-byte salt.
        package static func fresh() throws -> Parameters {
            Parameters(salt: try ValueSeal.random(16), n: standardN, r: standardR, p: standardP)
        }

        /// Whether a device can afford them: a hub cannot make a device spend more than 1 GiB or
        /// take minutes on one derivation.
        var affordable: Bool {
            n >= 2 && n & (n - 1) == 0 && n <= 1 << 20 && (1...32).contains(r) && (1...4).contains(p) && !salt.isEmpty
                && 128 * n * r * p <= 1 << 30
        }
    }

    /// The 32-byte key; kept by the device in its key file, never sent.
    package let key: [UInt8]

    package static let prefix = "cf1:"
    static let nonceLength = 12
    static let tagLength = 16

    package init?(key: [UInt8]) {
        guard key.count == 32 else { return nil }
        self.key = key
    }

    /// The key `passphrase` (in Unicode's composed form, so two keyboards typing it agree) gives under
    /// `parameters`.
    package static func derive(_ passphrase: String, _ parameters: Parameters) throws -> ValueSeal {
        guard parameters.affordable else { throw SyncError.refused("the hub's key parameters are out of range") }
        let crypto = try LibCrypto.loaded()
        let secret = Array(passphrase.precomposedStringWithCanonicalMapping.utf8)
        var key = [UInt8](repeating: 0, count: 32)
        let done = secret.withUnsafeBufferPointer { pass in
            parameters.salt.withUnsafeBufferPointer { salt in
                key.withUnsafeMutableBufferPointer { out in
                    pass.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, pass.count)) { text in
                        crypto.scrypt(text, pass.count, salt.baseAddress, salt.count, parameters.n, parameters.r, parameters.p,
                                      129 * parameters.n * parameters.r * parameters.p + (1 << 20), out.baseAddress, out.count)
                    }
                }
            }
        }
        guard done == 1, let seal = ValueSeal(key: key) else { throw SyncError.refused("the key could not be derived") }
        return seal
    }

    /// What binds a value to its place: table, row, field and clock.
    package static func context(table: String, row: String, field: String, hlc: String) -> String {
        [table, row, field, hlc].joinedText(separator: "\u{1F}")
    }

    /// `value` sealed for `context`, as text.
    package func seal(_ value: String, context: String) throws -> String {
        let crypto = try LibCrypto.loaded()
        let nonce = try ValueSeal.random(ValueSeal.nonceLength)
        let plain = Array(value.utf8), aad = Array(context.utf8)
        var out = [UInt8](repeating: 0, count: plain.count + ValueSeal.tagLength)
        guard let ctx = crypto.contextNew() else { throw SyncError.refused("the cipher could not start") }
        defer { crypto.contextFree(ctx) }
        var length: Int32 = 0, total = 0
        var ok = crypto.encryptInit(ctx, crypto.aes256GCM(), nil, key, nonce) == 1
        if ok, !aad.isEmpty { ok = crypto.encryptUpdate(ctx, nil, &length, aad, Int32(aad.count)) == 1 }
        out.withUnsafeMutableBufferPointer { buffer in
            if ok, !plain.isEmpty {
                ok = crypto.encryptUpdate(ctx, buffer.baseAddress, &length, plain, Int32(plain.count)) == 1
                total = Int(length)
            }
            if ok {
                ok = crypto.encryptFinal(ctx, buffer.baseAddress! + total, &length) == 1
                total += Int(length)
            }
            if ok {
                ok = crypto.contextControl(ctx, LibCrypto.getTag, Int32(ValueSeal.tagLength),
                                           UnsafeMutableRawPointer(buffer.baseAddress! + total)) == 1
            }
        }
        guard ok, total == plain.count else { throw SyncError.refused("a value could not be sealed") }
        return ValueSeal.prefix + Data(nonce + out).base64EncodedString()
    }

    /// The value `sealed` holds, or nil when it is not a sealed value, was sealed under another key or
    /// for another place, or was changed.
    package func open(_ sealed: String, context: String) -> String? {
        guard sealed.hasPrefix(ValueSeal.prefix), let crypto = LibCrypto.shared,
              let data = Data(base64Encoded: String(sealed.dropFirst(ValueSeal.prefix.count))),
              data.count >= ValueSeal.nonceLength + ValueSeal.tagLength else { return nil }
        let bytes = [UInt8](data)
        let nonce = Array(bytes[0..<ValueSeal.nonceLength])
        let cipher = Array(bytes[ValueSeal.nonceLength..<(bytes.count - ValueSeal.tagLength)])
        var tag = Array(bytes[(bytes.count - ValueSeal.tagLength)...])
        let aad = Array(context.utf8)
        guard let ctx = crypto.contextNew() else { return nil }
        defer { crypto.contextFree(ctx) }
        var out = [UInt8](repeating: 0, count: cipher.count + ValueSeal.tagLength)
        var length: Int32 = 0, total = 0
        var ok = crypto.decryptInit(ctx, crypto.aes256GCM(), nil, key, nonce) == 1
        if ok, !aad.isEmpty { ok = crypto.decryptUpdate(ctx, nil, &length, aad, Int32(aad.count)) == 1 }
        out.withUnsafeMutableBufferPointer { buffer in
            if ok, !cipher.isEmpty {
                ok = crypto.decryptUpdate(ctx, buffer.baseAddress, &length, cipher, Int32(cipher.count)) == 1
                total = Int(length)
            }
            if ok { ok = tag.withUnsafeMutableBytes { crypto.contextControl(ctx, LibCrypto.setTag, Int32($0.count), $0.baseAddress) == 1 } }
            // The tag is checked here: a changed byte, another key or another context fails.
            if ok {
                ok = crypto.decryptFinal(ctx, buffer.baseAddress! + total, &length) == 1
                total += Int(length)
            }
        }
        guard ok else { return nil }
        return String(validating: out[0..<total], as: UTF8.self)
    }

    /// The text every hub's key check seals: opening it shows a key is the hub's.
    static let checkText = "charflow hub key"
    static let checkContext = "hub_seal\u{1F}key_check"

    /// A new key check for this key, kept by the hub.
    package func keyCheck() throws -> String {
        try seal(ValueSeal.checkText, context: ValueSeal.checkContext)
    }

    /// Whether this key is the one that sealed `check`.
    package func opens(keyCheck check: String) -> Bool {
        open(check, context: ValueSeal.checkContext) == ValueSeal.checkText
    }

    /// `count` random bytes from libcrypto's generator.
    static func random(_ count: Int) throws -> [UInt8] {
        let crypto = try LibCrypto.loaded()
        var bytes = [UInt8](repeating: 0, count: count)
        guard crypto.randomBytes(&bytes, Int32(count)) == 1 else { throw SyncError.refused("no random bytes") }
        return bytes
    }
}
