import CharflowCore

/// Why a sync or a hub set-up stopped; each case says it calmly (`message`), never with SQL in it.
///
/// A refusal like any other (`CharflowRefusal`): every front end reports it by its code, sentence and
/// kind. Every case leaves the store as it was before the step that failed: what was not pushed waits
/// for the next sync (rule Y-11).
public enum SyncError: CharflowRefusal, Equatable {
    /// The hub could not be reached, or went away mid-way; the detail is libpq's first line.
    case unreachable(String)
    /// The hub answered with an error (its primary message, never the statement).
    case refused(String)
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
        }
    }

    /// The sentence a person reads.
    public var message: String {
        switch self {
        case .unreachable(let detail): SyncMessages.hubUnreachable(detail)
        case .refused(let detail): SyncMessages.hubRefused(detail)
        case .noHub: SyncMessages.noHub
        case .hubNotReady: SyncMessages.hubNotReady
        case .hubTooNew(let version): SyncMessages.hubTooNew(version)
        case .clockAhead(let seconds): SyncMessages.clockAhead(seconds: seconds)
        case .otherHub: SyncMessages.otherHub
        case .malformedHub(let detail): SyncMessages.malformedHub(detail)
        case .hubEraseNeedsYes: SyncMessages.hubEraseNeedsYes
        case .forgetThisDevice: SyncMessages.forgetThisDevice
        case .unknownDevice(let id): SyncMessages.unknownDevice(id)
        }
    }

    /// A hub that cannot be reached or cannot take the sync cannot serve it; a missing hub is a piece
    /// of the request not given, a malformed one a piece given wrong; a clock ahead, or another hub than the bound one, is the device's
    /// state refusing it now. Forgetting this device itself is refused by what it is; an id the hub
    /// does not list is one not found.
    public var kind: RefusalKind {
        switch self {
        case .unreachable, .refused, .hubNotReady, .hubTooNew: .unavailable
        case .noHub, .malformedHub: .badInput
        case .clockAhead, .otherHub, .hubEraseNeedsYes, .forgetThisDevice: .conflict
        case .unknownDevice: .notFound
        }
    }
}
