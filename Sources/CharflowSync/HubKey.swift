import CharflowStore
import Foundation

/// Where a hub's passphrase comes from, when one is needed (rule Y-32): given (`--passphrase-file`,
/// `CHARFLOW_PASSPHRASE`), or asked on the terminal only at the moment it is needed.
public struct HubPassphrase {
    /// What the passphrase is asked for: a new hub's, or the one an existing hub was made with.
    public enum Moment: Sendable, Equatable {
        case new, existing
    }

    /// The passphrase given for this command; nil when none was.
    public var given: String?
    /// Asks for it; nil when nobody can be asked. May throw (two entries that differ).
    public var ask: ((Moment) throws -> String?)?

    public init(given: String? = nil, ask: ((Moment) throws -> String?)? = nil) {
        self.given = given
        self.ask = ask
    }

    /// The passphrase for `moment`; nil or empty when none was given or typed.
    func value(for moment: Moment) throws -> String? {
        if let given, !given.isEmpty { return given }
        return try ask?(moment)
    }
}

/// A blind hub's key (rule Y-32): the derivation's parameters and a key check on the hub, the key
/// itself in a private file on each device, never the passphrase and never the store.
///
/// A hub with no `hub_seal` row is an open one: its values travel as JSON. One with the row takes
/// only sealed values; a device gives the passphrase once, the derived key opens the key check or is
/// refused, and is kept in `$XDG_CONFIG_HOME/charflow/hub-keys/HUB-ID.key` (mode 0600, its folders
/// 0700). Everything here happens before a sync writes anything, on the device or on the hub.
package enum HubKey {
    /// The key for the hub `hubID` at `hub`: nil for an open hub. With `creating`, a hub that holds no
    /// value yet and has no key becomes a blind one when a passphrase is given.
    static func resolve(_ hub: HubConnection, hubID: String, passphrase: HubPassphrase, creating: Bool = false) throws -> ValueSeal? {
        guard let (parameters, check) = try sealRow(hub) else {
            guard creating else { return nil }
            let holdsValues = try hub.query("SELECT EXISTS (SELECT 1 FROM hub_fields) OR EXISTS (SELECT 1 FROM hub_operations)").first?.first == "t"
            if holdsValues {
                // A passphrase named for a hub that already holds plaintext would protect nothing.
                if let given = passphrase.given, !given.isEmpty { throw SyncError.hubHoldsPlaintext }
                return nil
            }
            guard let chosen = try passphrase.value(for: .new), !chosen.isEmpty else { return nil }
            return try create(hub, hubID: hubID, passphrase: chosen)
        }
        if let kept = try keptKey(hubID: hubID), kept.opens(keyCheck: check) { return kept }
        guard let typed = try passphrase.value(for: .existing), !typed.isEmpty else { throw SyncError.passphraseNeeded }
        let derived = try ValueSeal.derive(typed, parameters)
        guard derived.opens(keyCheck: check) else { throw SyncError.passphraseWrong }
        try keep(derived, hubID: hubID)
        return derived
    }

    /// Makes the hub a blind one under `passphrase`; a device that did so at the same moment wins, and
    /// this one's passphrase must then be the same.
    private static func create(_ hub: HubConnection, hubID: String, passphrase: String) throws -> ValueSeal {
        let parameters = try ValueSeal.Parameters.fresh()
        let seal = try ValueSeal.derive(passphrase, parameters)
        try hub.query("""
            INSERT INTO hub_seal (id, kdf, salt, cost, block_size, parallelism, cipher, key_check)
            VALUES (1, 'scrypt', $1, $2, $3, $4, 'aes-256-gcm', $5) ON CONFLICT (id) DO NOTHING
            """, [Data(parameters.salt).base64EncodedString(), String(parameters.n), String(parameters.r), String(parameters.p),
                  try seal.keyCheck()])
        guard let (held, check) = try sealRow(hub) else { throw SyncError.hubNotReady }
        if held == parameters, seal.opens(keyCheck: check) {
            try keep(seal, hubID: hubID)
            return seal
        }
        let derived = try ValueSeal.derive(passphrase, held)
        guard derived.opens(keyCheck: check) else { throw SyncError.passphraseWrong }
        try keep(derived, hubID: hubID)
        return derived
    }

    /// The hub's derivation parameters and key check; nil for an open hub.
    static func sealRow(_ hub: HubConnection) throws -> (ValueSeal.Parameters, String)? {
        guard let row = try hub.query("SELECT salt, cost, block_size, parallelism, key_check FROM hub_seal WHERE id = 1").first else {
            return nil
        }
        guard let salt = (row[0] ?? nil).flatMap({ Data(base64Encoded: $0) }),
              let n = (row[1] ?? nil).flatMap({ UInt64($0) }), let r = (row[2] ?? nil).flatMap({ UInt64($0) }),
              let p = (row[3] ?? nil).flatMap({ UInt64($0) }), let check = row[4] ?? nil else {
            throw SyncError.refused("the hub's key parameters are unreadable")
        }
        return (ValueSeal.Parameters(salt: [UInt8](salt), n: n, r: r, p: p), check)
    }

    // MARK: the key file

    /// The key file of the hub `hubID` in the user's XDG config folder (`HomeEnvironment`).
    static func path(hubID: String) throws -> String {
        // The hub names its id: only a plain one becomes a file name.
        guard !hubID.isEmpty, hubID.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" }) else {
            throw SyncError.refused("the hub's id is not one this build can keep a key under")
        }
        let environment = HomeEnvironment.variables
        let config: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            config = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            config = (home as NSString).appendingPathComponent(".config")
        }
        return ((config as NSString).appendingPathComponent("charflow/hub-keys") as NSString).appendingPathComponent(hubID + ".key")
    }

    /// Whether this device keeps a key for the hub `hubID`, which only a hub made with a passphrase has.
    package static func keepsKey(hubID: String) -> Bool {
        (try? keptKey(hubID: hubID)) != nil
    }

    /// The key this device keeps for `hubID`, when it keeps one that reads as a key.
    static func keptKey(hubID: String) throws -> ValueSeal? {
        guard let text = try? String(contentsOfFile: try path(hubID: hubID), encoding: .utf8),
              let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return ValueSeal(key: [UInt8](data))
    }

    /// Writes the key file whole to a temporary file beside it, mode 0600, and renames it over any old one.
    static func keep(_ seal: ValueSeal, hubID: String) throws {
        let file = try path(hubID: hubID)
        let folder = (file as NSString).deletingLastPathComponent
        PrivateFolder.create(folder)
        do {
            try PasswordFile.writeWhole(Data(seal.key).base64EncodedString() + "\n", to: file)
        } catch {
            throw SyncError.keyFile(path: file, reason: error.reason)
        }
    }
}
