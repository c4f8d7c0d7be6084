/// What an action says when it finds things already as asked: it changes nothing and records nothing,
/// so the next `undo` reaches the last real change (spec D8, rule B-21).
extension Messages {
    /// `habit archive` of an archived habit, or `habit restore` of one that is not archived.
    public static func habitAlreadyAsAsked(_ title: String, archived: Bool) -> String {
        "“\(title)” is \(archived ? "already archived" : "not archived"); nothing was changed."
    }

    /// `group archive` of an archived group, or `group restore` of one that is not archived.
    public static func groupAlreadyAsAsked(_ title: String, archived: Bool) -> String {
        "The group \(title) is \(archived ? "already archived" : "not archived"); nothing was changed."
    }

    /// `move --backlog` of a task the Backlog already holds.
    public static func alreadyInBacklog(_ title: String) -> String {
        "“\(title)” is already in the Backlog; nothing was changed."
    }

    /// `plan close` or `plan skip` when tonight's planning already ended that way.
    public static func planningAlready(closed: Bool) -> String {
        "Tonight's planning is already \(closed ? "closed" : "skipped"); nothing was changed."
    }

    /// `habit log --undo` on a day holding nothing to take back; `day` is "today" or "on 2028-05-27".
    public static func nothingToTakeBack(_ name: String, day: String) -> String {
        "\(name) holds nothing to take back \(day); nothing was changed."
    }
}
