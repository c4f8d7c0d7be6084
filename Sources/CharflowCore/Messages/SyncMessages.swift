/// Every sentence sync says to its user (spec D18), calm and with no SQL in it.
public enum SyncMessages {
    public static func hubUnreachable(_ detail: String) -> String {
        "The hub can't be reached: \(detail). Everything is kept here for the next sync."
    }

    public static func hubRefused(_ detail: String) -> String {
        "The hub refused the sync: \(detail). Everything is kept here for the next sync."
    }

    public static let noHub = "No hub is set for this store yet. Name one (a PostgreSQL connection string) to sync with."

    public static let hubNotReady = "That database is not a Charflow hub yet. Set it up as one first: charflow hub init URL"

    public static func hubTooNew(_ version: Int) -> String {
        "The hub's schema (version \(version)) is newer than this Charflow knows. Update Charflow to sync with it."
    }

    public static func clockAhead(seconds: Int) -> String {
        "This device's clock is \(seconds / 60) minutes ahead of the hub's. Set the clock right and sync again; nothing was sent."
    }

    public static func hubReady(version: Int) -> String {
        "The hub is ready (schema version \(version))."
    }

    public static func synced(pushed: Int, pulled: Int) -> String {
        switch (pushed, pulled) {
        case (0, 0): "Synced. Nothing new here or on the hub."
        default: "Synced. Sent \(pushed) \(pushed == 1 ? "change" : "changes"), received \(pulled)."
        }
    }

    /// `sync --status`: what waits, when the last sync ended (in local words) and which hub (shown
    /// without its password).
    public static func status(unpushed: Int, lastSync: String?, hub: String?) -> String {
        let waiting = unpushed == 0 ? "Nothing waits to be sent." : "\(unpushed) \(unpushed == 1 ? "change waits" : "changes wait") to be sent."
        let last = lastSync.map { "Last sync: \($0)." } ?? "Not synced yet."
        let where_ = hub.map { "Hub: \($0)." } ?? "No hub is set."
        return [waiting, last, where_].joinedText(separator: "\n")
    }

    public static func progress(_ done: Int, of total: Int?) -> String {
        total.map { "Receiving \(done) of \($0)…" } ?? "Receiving \(done)…"
    }
}

extension SyncMessages {
    public static let notADevice = "This store has not synced yet; its first sync sends all of it."
}

/// Device identity and the hub a device is bound to (spec D19, rules Y-14 and Y-16).
extension SyncMessages {
    public static let otherHub = "This device syncs with another hub; nothing was sent or received. "
        + "To move it to this one, run: charflow hub switch URL"

    public static let newDevice = "This store's device id was in use elsewhere (a restored or copied store), "
        + "so it now syncs as a new device; nothing was lost."

    public static let hubSwitched = "This device now syncs with the new hub; its next sync sends everything it holds."

    public static let alreadyOnHub = "This device already syncs with that hub."
}

/// Addresses and operations this device cannot use (spec D19, rule Y-23, issue 22 item 18).
extension SyncMessages {
    public static func malformedHub(_ detail: String) -> String {
        "That hub address is not a PostgreSQL connection string (\(detail)). Give one such as "
            + "postgresql://me@db.example.org/charflow or 'host=db.example.org dbname=charflow'; nothing was sent."
    }

    /// `sync`, when it set aside changes it could not apply.
    public static func setAside(_ count: Int) -> String {
        count == 1
            ? "1 change from another device could not be applied here; it is set aside and tried again once Charflow is updated."
            : "\(count) changes from other devices could not be applied here; they are set aside and tried again once Charflow is updated."
    }

    /// `sync --status`, when changes wait set aside.
    public static func setAsideWaiting(_ count: Int) -> String {
        count == 1
            ? "1 change from another device is set aside: this Charflow could not apply it."
            : "\(count) changes from other devices are set aside: this Charflow could not apply them."
    }
}

/// Conflicts (spec D19 "Conflicts are visible", rule Y-24): what `sync` and `sync --status` say of
/// them, and what `charflow conflicts` says around its list.
extension SyncMessages {
    /// After `Synced. …`, when the sync recorded any.
    public static func conflictsRecorded(_ count: Int) -> String {
        count == 1
            ? "1 change of yours was replaced by another device's; `charflow conflicts` shows it."
            : "\(count) changes of yours were replaced by other devices'; `charflow conflicts` shows them."
    }

    /// `sync --status`, when any wait.
    public static func conflictsWaiting(_ count: Int) -> String {
        "\(count) \(count == 1 ? "conflict waits" : "conflicts wait"): `charflow conflicts` shows \(count == 1 ? "it" : "them")."
    }

    public static let noConflicts = "No conflicts: no change of yours was replaced by another device's."

    public static let conflictsHint = "Put one back with `charflow conflicts restore ID`, or clear them with `charflow conflicts dismiss ID|--all`."

    public static func conflictRestored(changed: Bool) -> String {
        changed ? "Put back; it goes to the other devices with the next sync." : "That value is already there; the conflict is cleared."
    }

    public static func conflictsDismissed(_ count: Int) -> String {
        count == 0 ? "No conflicts waited." : "Dismissed \(count) \(count == 1 ? "conflict" : "conflicts")."
    }
}

/// What leaves the machine once a hub is set, and how it is removed again (spec D19, rule Y-27).
extension SyncMessages {
    public static let hubEraseNeedsYes = "This removes every device's Charflow data from the hub for good. "
        + "Run `charflow hub erase --yes` to do it."

    public static func hubErased(_ hub: String) -> String {
        "The hub \(hub) holds no Charflow data any more: every device's changes are gone from it. "
            + "Each device keeps its own store. To sync again, run charflow hub init URL, then charflow hub switch URL on each device."
    }

    /// What `erase --yes` adds on a device: the hub still holds what it synced.
    public static func hubCopyRemains(_ hub: String) -> String {
        "The hub \(hub) still holds a copy of what this store synced. To remove it, run: charflow hub erase --yes --hub '\(hub)'"
    }

    // MARK: Automatic sync (rule Y-28)

    public static let hubListenerClosed = "the connection that listens for other devices' changes closed"

    /// `sync --watch`: one line per sync that changed something, with the local time it ended.
    public static func watchSynced(at time: String, pushed: Int, pulled: Int) -> String {
        "\(time) Sent \(pushed) \(pushed == 1 ? "change" : "changes"), received \(pulled)."
    }

    /// `sync --watch`, once when the hub stops answering (not again until it answers).
    public static func watchOffline(at time: String, _ detail: String) -> String {
        "\(time) Offline: \(detail) Trying again now and then, quietly."
    }

    /// `sync --watch`, once when the hub answers again.
    public static func watchBackOnline(at time: String) -> String {
        "\(time) The hub answers again."
    }

    /// `sync --watch` in a store with no hub set: there is nothing to watch.
    public static let watchNeedsHub = "No hub is set for this store yet, so there is nothing to keep in sync. Set one first: charflow hub init URL"
}

/// The devices a hub knows, and forgetting a lost one (spec D20, rule Y-31).
extension SyncMessages {
    /// `hub devices`: one line a device, this one marked; `registered` and `lastSync` in local words.
    public static func hubDevices(_ devices: [(id: String, isThisDevice: Bool, registered: String, lastSync: String, operations: Int)]) -> String {
        guard !devices.isEmpty else { return "The hub knows no device yet: the first sync of one registers it." }
        let head = "The hub knows \(devices.count) \(devices.count == 1 ? "device" : "devices"):"
        return ([head] + devices.map { device in
            "  \(device.id)\(device.isThisDevice ? " (this device)" : "") · registered \(device.registered) · last sync \(device.lastSync) · "
                + "\(device.operations) \(device.operations == 1 ? "operation" : "operations") held"
        }).joinedText(separator: "\n")
    }

    public static func deviceForgotten(_ id: String) -> String {
        "The hub no longer lists device \(id). What it sent stays in the hub's state; if that store syncs again, "
            + "it goes on as a new device and keeps everything it holds."
    }

    public static let forgetThisDevice = "That is this device's own id: only another device, a lost one, can be forgotten. Nothing was changed."

    public static func unknownDevice(_ id: String) -> String {
        "The hub lists no device \(id) (`charflow hub devices` lists them). Nothing was changed."
    }

    /// `sync`, when the hub had forgotten this device: it goes on under a new id.
    public static let forgottenDevice = "The hub had forgotten this device (`charflow hub forget`), "
        + "so it now syncs as a new device; nothing was lost."
}

/// A blind hub's passphrase (spec D20, rule Y-32).
extension SyncMessages {
    public static let passphraseNeeded = "This hub keeps its values encrypted, and this device has no key for it yet. "
        + "Give its passphrase once: type it when asked, or use --passphrase-file FILE or CHARFLOW_PASSPHRASE. Nothing was written."

    public static let passphraseWrong = "That is not this hub's passphrase. Nothing was written, here or on the hub."

    public static let passphraseMismatch = "The two passphrases typed differ. Nothing was written."

    public static let hubHoldsPlaintext = "This hub already holds values that are not encrypted, so a passphrase would not hide them. "
        + "Set up an empty hub with a passphrase (charflow hub init URL), then move each device to it with charflow hub switch URL."

    public static let cryptoMissing = "libcrypto (libssl3) is not installed on this machine, so this hub's encrypted values cannot be read or written."

    public static func keyFile(path: String, reason: String) -> String {
        "The hub's key could not be kept in \(path): \(reason). Nothing was sent."
    }

    /// What `hub init` asks on a terminal for a new hub, and to confirm it.
    public static let passphraseNewPrompt = "A passphrase to encrypt this hub's values (empty for none): "
    public static let passphraseAgainPrompt = "The same passphrase again: "
    /// What a device asks for an existing encrypted hub.
    public static let passphrasePrompt = "This hub's passphrase: "
}
