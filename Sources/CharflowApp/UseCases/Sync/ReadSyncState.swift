import CharflowCore
import Foundation

/// Where sync stands for a front end that runs the automatic sync (rule Y-28): the store's
/// `sync --status` and what the loop knows, in one state a header can show.
///
/// `state` is `none` without a hub (the store's or `CHARFLOW_HUB`'s), `offline` while the hub cannot be reached, `failing` while it
/// answers but refuses the sync, `waiting` while changes wait to be sent, else `synced`.
public struct SyncStateReport: Sendable, Equatable {
    public let status: SyncStatusReport
    /// Nil when no loop runs (a server without a hub).
    public let loop: AutoSync.Knowledge?
    /// When the hub stopped answering, in this machine's zone: "17:05" today, else "28 Nov at 17:05".
    public let offlineSinceText: String?

    public var state: String {
        guard status.hubURL != nil || loop?.hubFromEnvironment == true else { return "none" }
        if loop?.offlineSince != nil { return "offline" }
        if loop?.lastError != nil { return "failing" }
        return status.unpushed > 0 ? "waiting" : "synced"
    }

    /// `GET /api/sync`: `sync --status --json`'s fields, then `auto`, `state`, `offlineSince` (UTC
    /// storage text), `offlineSinceText` and `lastError`.
    public var json: JSONValue {
        guard case .object(var fields) = status.json else { return status.json }
        fields.append(("auto", .bool(loop != nil)))
        fields.append(("state", .string(state)))
        fields.append(("offlineSince", .optional(loop?.offlineSince.map(Instant.storageText))))
        fields.append(("offlineSinceText", .optional(offlineSinceText)))
        fields.append(("lastError", .optional(loop?.lastError)))
        return .object(fields)
    }
}

extension Charflow {
    /// Read where sync stands, with what the automatic sync `loop` knows; reaches no hub.
    public func syncState(loop: AutoSync.Knowledge?) throws -> SyncStateReport {
        let status = try syncStatus()
        let since = loop?.offlineSince.map { instant in
            let day = calendar.calendarDay(at: instant), today = calendar.calendarDay(at: now)
            let time = calendar.timeOfDay(at: instant).description
            return day == today ? time : "\(DayText.relative(day, today: today)) at \(time)"
        }
        return SyncStateReport(status: status, loop: loop, offlineSinceText: since)
    }
}
