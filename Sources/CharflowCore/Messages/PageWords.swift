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
        ("locked", "Locked until the Must-Do is done."),
        ("parseTitle", "Title: {value}"),
        ("parse.importance", "Importance: {value}"),
        ("parse.effort", "Effort: {value} min"),
        ("parse.due", "Day: {value}"),
        ("parse.category", "Category: {value}"),
        ("offline", "Charflow is not answering; the board shows what it last knew."),
    ]
}
