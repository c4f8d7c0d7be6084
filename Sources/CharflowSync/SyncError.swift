import CharflowCore

/// Why a sync or a hub set-up stopped; each case says it calmly (`message`), never with SQL in it.
///
/// A refusal like any other (`CharflowRefusal`): every front end reports it by its code, sentence and
/// kind. Every case leaves the store as it was before the step that failed: what was not pushed waits
/// for the next sync (rule Y-11).
public enum SyncError: CharflowRefusal, Equatable {
    /// The hub could not be reached, or went away mid-way; the detail is libpq's first line.
    case unreachable(String)
    /// The hub answered with an error: its primary message (never the statement), and the SQLSTATE
    /// it came with, by which the device tells the hub's refusals apart (`HubRefusalCode`); nil when the
    /// refusal is the device's own.
    case refused(String, sqlState: String? = nil)
    /// No URL given, remembered, or in `CHARFLOW_HUB`.
    case noHub
    /// The database has no hub schema.
    case hubNotReady
    /// The hub's schema is newer than this build knows.
    case hubTooNew(Int)
    /// The device's clock is ahead of the hub's by more than the bound (rule Y-10).
    case clockAhead(seconds: Int)
    /// The hub named is not the one this device is bound to (rule Y-16).
    case otherHub
    /// The hub's address is not a connection string libpq can read; the detail is libpq's reason.
    case malformedHub(String)
    /// `hub erase` without `--yes` (rule Y-27): it removes every device's data from the hub.
    case hubEraseNeedsYes
    /// `hub forget` named this device itself (rule Y-31).
    case forgetThisDevice
    /// `hub forget` named an id the hub does not list (rule Y-31).
    case unknownDevice(String)
    /// The hub is a blind one (rule Y-32) and this device has no key for it, and no passphrase was given.
    case passphraseNeeded
    /// The passphrase given is not the hub's (rule Y-32); nothing was written.
    case passphraseWrong
    /// A new passphrase typed twice, differently.
    case passphraseMismatch
    /// A passphrase for a hub that already holds values in the clear, which it would not protect.
    case hubHoldsPlaintext
    /// No libcrypto could be loaded, so a blind hub's values cannot be sealed or opened.
    case cryptoMissing
    /// The device's key file for the hub could not be written.
    case keyFile(path: String, reason: String)

    /// A stable code for `--json` error documents.
    public var code: String {
        switch self {
        case .unreachable: "hub_unreachable"
        case .refused: "hub_refused"
        case .noHub: "no_hub"
        case .hubNotReady: "hub_not_ready"
        case .hubTooNew: "hub_too_new"
        case .clockAhead: "clock_ahead"
        case .otherHub: "other_hub"
        case .malformedHub: "hub_address_malformed"
        case .hubEraseNeedsYes: "needs_yes"
        case .forgetThisDevice: "this_device"
        case .unknownDevice: "device_not_found"
        case .passphraseNeeded: "passphrase_needed"
        case .passphraseWrong: "passphrase_wrong"
        case .passphraseMismatch: "passphrase_mismatch"
        case .hubHoldsPlaintext: "hub_holds_plaintext"
        case .cryptoMissing: "libcrypto_missing"
        case .keyFile: "key_file"
        }
    }

    /// The sentence a person reads.
    public var message: String {
        switch self {
        case .unreachable(let detail): SyncMessages.hubUnreachable(detail)
        case .refused(let detail, _): SyncMessages.hubRefused(detail)
        case .noHub: SyncMessages.noHub
        case .hubNotReady: SyncMessages.hubNotReady
        case .hubTooNew(let version): SyncMessages.hubTooNew(version)
        case .clockAhead(let seconds): SyncMessages.clockAhead(seconds: seconds)
        case .otherHub: SyncMessages.otherHub
        case .malformedHub(let detail): SyncMessages.malformedHub(detail)
        case .hubEraseNeedsYes: SyncMessages.hubEraseNeedsYes
        case .forgetThisDevice: SyncMessages.forgetThisDevice
        case .unknownDevice(let id): SyncMessages.unknownDevice(id)
        case .passphraseNeeded: SyncMessages.passphraseNeeded
        case .passphraseWrong: SyncMessages.passphraseWrong
        case .passphraseMismatch: SyncMessages.passphraseMismatch
        case .hubHoldsPlaintext: SyncMessages.hubHoldsPlaintext
        case .cryptoMissing: SyncMessages.cryptoMissing
        case .keyFile(let path, let reason): SyncMessages.keyFile(path: path, reason: reason)
        }
    }

    /// A hub that cannot be reached or cannot take the sync cannot serve it; a missing hub is a piece
    /// of the request not given, a malformed one a piece given wrong; a clock ahead, or another hub
    /// than the bound one, is the device's state refusing it now. Forgetting this device itself is
    /// refused by what it is; an id the hub does not list is one not found. A passphrase missing or
    /// wrong is the request's; a hub that already holds plaintext refuses one as its state.
    public var kind: RefusalKind {
        switch self {
        case .unreachable, .refused, .hubNotReady, .hubTooNew, .cryptoMissing, .keyFile: .unavailable
        case .noHub, .malformedHub, .passphraseNeeded, .passphraseWrong, .passphraseMismatch: .badInput
        case .clockAhead, .otherHub, .hubEraseNeedsYes, .forgetThisDevice, .hubHoldsPlaintext: .conflict
        case .unknownDevice: .notFound
        }
    }
}
