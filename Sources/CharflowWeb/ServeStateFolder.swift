import CharflowStore
import Foundation

/// Where `serve` and `open` keep what a store's server needs between runs: `charflow/` in the XDG state
/// folder (`$XDG_STATE_HOME`, else `~/.local/state`), one set of files per store.
///
/// The files of a store are named after a hash of its absolute path, so two stores' servers never share
/// a secret, a link or a record. The folder is made 0700 and every file in it 0600: they let a browser in.
public struct ServeStateFolder: Sendable {
    public let folder: String
    /// The store's absolute path, as recorded.
    public let storePath: String
    let key: String

    public struct Unavailable: Error {
        public let path: String
    }

    /// The folder for the store at `storePath`, from the environment's `XDG_STATE_HOME` or `HOME`; created
    /// (0700) when missing.
    public init(environment: [String: String], storePath: String) throws {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/state"
        } else {
            throw Unavailable(path: "~/.local/state")
        }
        folder = base + "/charflow"
        self.storePath = URL(fileURLWithPath: storePath).standardizedFileURL.path
        key = ServeStateFolder.hash(self.storePath)
        PrivateFolder.create(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Unavailable(path: folder)
        }
    }

    /// The server secret: the sign-in cookie and the page's write token (`ServerSecret`).
    public var secretPath: String { file("secret") }
    /// The one-time sign-in links not yet used (`SignInLinks`).
    public var links: SignInLinks { SignInLinks(path: file("links")) }
    /// The running server's port and process (`ServerRecord`).
    public var recordPath: String { file("server") }
    /// What a server started in the background by `open` prints.
    public var logPath: String { file("log") }
    /// Held by `open` while it finds or starts the server, so two at once start one.
    public var lockPath: String { file("lock") }

    /// The self-signed certificate of `serve --listen` and its key (`TLSCertificate`).
    public var certificatePath: String { file("tls-cert") }
    public var keyPath: String { file("tls-key") }
    /// The browsers paired over the network (`PairedDevices`).
    public var devices: PairedDevices { PairedDevices(path: file("devices")) }
    /// The pairing codes not yet used (`PairingCodes`).
    public var pairingCodes: PairingCodes { PairingCodes(path: file("pairings")) }
    /// Where the network server was last told to listen (`NetworkRecord`), for `charflow pair`.
    public var networkPath: String { file("network") }

    private func file(_ kind: String) -> String { "\(folder)/serve-\(key).\(kind)" }

    /// FNV-1a, 64 bits, as hex: a file name, not a secret.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(format: "%016llx", value)
    }
}
