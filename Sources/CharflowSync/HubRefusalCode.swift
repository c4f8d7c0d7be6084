/// The SQLSTATE codes a device reads the hub's refusals by (libpq's `PG_DIAG_SQLSTATE`), never their
/// words.
///
/// The hub raises its own refusals under the class `CF`, Charflow's (PostgreSQL defines no such class),
/// since schema 13; the rest are PostgreSQL's own. A hub before schema 13 raised both of its refusals
/// as `check_violation` (23514), told apart only by their sentences. A device of this build never
/// meets those: `hub_push` answers `upgrade` before it writes anything, and the device brings the hub
/// to its own schema before it sends a value (`SyncClient.call`).
package enum HubRefusalCode {
    /// An operation stamped more than 5 minutes ahead of the hub's clock (rule Y-22): only a hand or a
    /// client that skips `hub_push`'s own check meets it.
    package static let clockAhead = "CF001"
    /// A value in the clear for a blind hub (rule Y-32): the device lost its key, or never had it.
    package static let plaintext = "CF002"
    /// No such function: a hub from before `hub_push` (schema 4), or a database that is no hub.
    package static let undefinedFunction = "42883"
    /// No such table: a database that is no hub, or one whose schema is incomplete.
    package static let undefinedTable = "42P01"
}
