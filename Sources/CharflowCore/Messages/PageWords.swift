/// The words of the web page (spec D15, D17), as templates the page's script fills: `{name}` stands
/// for a value.
///
/// Kept here with every other sentence so translation stays one table; the server hands them to the
/// page inside its HTML.
public enum PageWords {
    public static let all: [(key: String, text: String)] = [
        ("complete", "Complete {title}"),
        ("completed", "Completed “{title}”."),
        ("reopened", "“{title}” is open again."),
        ("added", "Added “{title}”."),
        ("undo", "Undo"),
        ("undoNamed", "Undo: {what}"),
        ("undone", "Undone: {what}."),
        ("mustDo", "Must-Do"),
        ("complementary", "Complementary"),
        ("misc", "Misc"),
        ("nothingPlanned", "Nothing planned."),
        ("bucketEmpty", "Nothing here yet."),
        ("noMustDo", "No Must-Do yet."),
        ("regionLabel", "{region} region, {must} Must-Do, {complementary} Complementary, {misc} Misc, {percent}% complete"),
        ("bucketCount", "{name} {count}/{limit}"),
        ("progress", "{percent}% complete"),
        ("overall", "{completed} of {total} done today, {percent}% complete."),
        ("overallEmpty", "Nothing planned today yet."),
        ("backlogOne", "Backlog: 1 task waiting."),
        ("backlogMany", "Backlog: {count} tasks waiting."),
        ("due", "Due today"),
        ("overdue", "Overdue"),
        ("noDue", "Nothing due or overdue."),
        ("noHabits", "No habits due today."),
        ("habitDone", "{title}, done"),
        ("habitOpen", "{title}, {amount} of {target}"),
        ("running", "Focus: {title}, running"),
        ("paused", "Focus: {title}, paused"),
        ("runningUntitled", "Focus session running"),
        ("pausedUntitled", "Focus session paused"),
        ("locked", "Locked until the Must-Do is done."),
        ("parseTitle", "Title: {value}"),
        ("parse.importance", "Importance: {value}"),
        ("parse.effort", "Effort: {value} min"),
        ("parse.due", "Day: {value}"),
        ("parse.category", "Category: {value}"),
        ("reordered", "“{title}” moved to place {position} of {count} in {region} {bucket}."),
        ("alreadyFirst", "“{title}” is already first in its bucket."),
        ("alreadyLast", "“{title}” is already last in its bucket."),
        ("moveTo", "Move to… {title}"),
        ("moveToShort", "Move to…"),
        ("move", "Move"),
        ("cancel", "Cancel"),
        ("region", "Region"),
        ("bucket", "Bucket"),
        ("moved", "Moved “{title}” to {region}, {bucket}."),
        ("movedToBacklog", "Moved “{title}” to the Backlog."),
        ("toBacklog", "Backlog"),
        ("group", "{name} ({count})"),
        ("backlogEmpty", "The Backlog is empty."),
        ("waitingOne", "1 task waiting."),
        ("waitingMany", "{count} tasks waiting."),
        ("offline", "Charflow is not answering; the board shows what it last knew."),

        // The shell (TodayPage), the four stories, Backlog search, habit group pills, Region focus actions.
        ("brand", "Charflow"),
        ("pageTitle", "Charflow · {screen}"),
        ("skipLink", "Skip to today’s board"),
        ("screens", "Screens"),
        ("navToday", "Today"),
        ("navBacklog", "Backlog"),
        ("shortcutsButton", "Shortcuts"),
        ("shortcutsTitle", "Keyboard shortcuts"),
        ("shortcutList", "Show or hide this list"),
        ("shortcutAdd", "Quick add on this screen"),
        ("shortcutToday", "Today"),
        ("shortcutBacklog", "Backlog"),
        ("shortcutReorder", "Move the focused task within its bucket"),
        ("shortcutComplete", "Complete or reopen the focused task"),
        ("shortcutClose", "Close this list"),
        ("singleKeys", "Single-key shortcuts (?, n, t, b)"),
        ("todayHeading", "Today"),
        ("quickAddTitle", "Quick add"),
        ("quickLabel", "Task, with !importance ~effort @day #category"),
        ("quickWhere", "Where"),
        ("quickBacklog", "Backlog"),
        ("quickRegionMisc", "{region}, Misc"),
        ("quickButton", "Add"),
        ("quickHelp", "For example: Call the bank !high ~30m @tomorrow #Work. A backslash keeps a sign in the title: \\#42."),
        ("reorderHelp", "In a bucket, Alt+Up and Alt+Down move the focused task."),
        ("dueTitle", "Due and overdue"),
        ("habitsTitle", "Habits"),
        ("regionHeading", "Region"),
        ("backlogHeading", "Backlog"),
        ("noscript", "The board needs JavaScript; `charflow today` shows it in a terminal."),
        ("regionMorning", "Morning"),
        ("regionAfternoon", "Afternoon"),
        ("regionEvening", "Evening"),
        ("addToBucket", "Add new task to {bucket}"),
        ("openRegion", "Open {region}"),
        ("backlogSearch", "Search the Backlog by title"),
        ("searchMatchesNone", "No task in the Backlog matches “{query}”."),
        ("searchMatchesOne", "1 task matches “{query}”."),
        ("searchMatchesMany", "{count} tasks match “{query}”."),
        ("groupMatches", "{name} ({count} of {total})"),
        ("delete", "Delete"),
        ("deleteNamed", "Delete {title}"),
        ("deleted", "Deleted “{title}”."),
        ("actions", "More…"),
        ("actionsNamed", "More actions for {title}"),
        ("deferTo", "Defer to"),
        ("defer.tomorrow", "Tomorrow"),
        ("defer.later-this-week", "Later this week"),
        ("defer.next-week", "Next week"),
        ("defer.someday", "Someday"),
        ("deferWhen.tomorrow", "tomorrow"),
        ("deferWhen.later-this-week", "later this week"),
        ("deferWhen.next-week", "next week"),
        ("deferWhen.someday", "someday"),
        ("deferNamed", "Defer {title} to {when}"),
        ("deferred", "Deferred “{title}” to {when}."),
        ("lockedTask", "Locked: complete the Must-Do first."),
        ("habitGroup", "{name}, {done} of {count} done today"),
    ]
}

extension PageWords {
    /// The template of `key` with each `{name}` filled from `values`; the key itself when there is none,
    /// as the page's `say` does.
    public static func text(_ key: String, _ values: [String: String] = [:]) -> String {
        guard let template = all.first(where: { $0.key == key })?.text else { return key }
        var out = ""
        var name: String?
        for character in template {
            switch (character, name) {
            case ("{", nil): name = ""
            case ("}", let current?): out += values[current] ?? ""; name = nil
            case (_, let current?): name = current + String(character)
            default: out.append(character)
            }
        }
        return out + (name.map { "{" + $0 } ?? "")
    }
}
