// The page's words: every sentence it shows is a template of `PageWords` (CharflowCore), which the server
// writes into the page as JSON (`#charflow-words`); `{name}` stands for a value.
//
// A key the server does not have is a fault of the page, never shown as the key itself: `say` throws.
// A key picked by a value (a bucket, a quick date, a habit's kind) is looked up in a table of whole keys
// marked with `key("…")`, so every key a script can name is written out in full, and
// `PageScriptWordsTests` checks each against `PageWords`.

const words = JSON.parse(document.getElementById("charflow-words").textContent);

function known(name) {
  return typeof name === "string" && Object.hasOwn(words, name);
}

/** The words of `name` with `values` in their slots; throws when the server has no such key. */
export function say(name, values) {
  if (!known(name)) throw new Error("The page names a word the server does not have: " + name);
  return words[name].replace(/\{(\w+)\}/g, (_, slot) => (values && slot in values ? String(values[slot]) : ""));
}

/** Marks a whole key in a table, and checks it when the module loads. */
export function key(name) {
  if (!known(name)) throw new Error("The page names a word the server does not have: " + name);
  return name;
}

export const regionNames = { morning: say("regionMorning"), afternoon: say("regionAfternoon"), evening: say("regionEvening") };

// A bucket goes by the API's name (`mustDo`) in the answers and by a shorter one (`must`) in the page's
// forms, as the CLI takes it; both name one word.
const bucketKeys = { mustDo: key("mustDo"), must: key("mustDo"), complementary: key("complementary"), misc: key("misc") };
/** The buckets in the board's order, by the API's names. */
export const bucketOrder = ["mustDo", "complementary", "misc"];
/** A form's bucket values and the API's name of each. */
export const bucketValues = { must: "mustDo", complementary: "complementary", misc: "misc" };

/** A bucket's name in words, from either of its names. */
export function bucketName(bucket) {
  return say(bucketKeys[bucket]);
}

// The page's one date format: "Tue 1 Dec", from `day.short`, `weekdays` and `months` (W-24).
const weekdayWords = say("weekdays").split(",");
const monthWords = say("months").split(",");

/** The short weekday names, Monday first. */
export function weekdayNames() {
  return weekdayWords.slice();
}

/** The short month names, January first. */
export function monthNames() {
  return monthWords.slice();
}

/** A day the API writes as `YYYY-MM-DD` in the page's format; anything else is shown as given. */
export function dayText(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || "");
  if (!match) return text;
  const [y, m, d] = match.slice(1).map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return say("day.short", { weekday: weekdayWords[(weekday + 6) % 7], day: d, month: monthWords[m - 1] });
}

/** A duration as the core writes it (`Duration.text`): "45 min", "2 h", "1 h 30". */
export function durationText(minutes) {
  if (minutes < 60) return say("duration.minutes", { minutes });
  const rest = minutes % 60;
  return rest === 0 ? say("duration.hours", { hours: Math.floor(minutes / 60) })
    : say("duration.hoursMinutes", { hours: Math.floor(minutes / 60), minutes: String(rest).padStart(2, "0") });
}
