/// A value given to a command or a request that is not of the form its option takes: an unknown word,
/// a date or time that does not parse, an effort off its steps, a quick-add token that names nothing.
///
/// Nothing was tried: the value was refused where it entered. A request that lacks a piece altogether is
/// `UsageRefusal`, which the CLI answers as a usage error.
public enum InputError: CharflowRefusal, Equatable {
    /// A word outside the ones `what` takes (`expected` lists them).
    case invalidWord(what: String, given: String, expected: String)
    /// Not a date, nor a date word.
    case badDate(String)
    /// Not a clock time (`YYYY-MM-DDTHH:MM`).
    case badTime(String)
    /// Not an effort: minutes in 15-minute steps up to 480, or none.
    case badEffort(String)
    /// Not a habit's time of day (`LABEL HH:MM-HH:MM [remind HH:MM]`).
    case badWindow(String)
    /// Not one of the category colours.
    case badColor(String)
    /// A quick-add word that starts like a token (`!`, `~`, `@`, `#`) but names nothing.
    case unknownToken(String)
    /// A quick-add token of a kind the line already gave.
    case tokenTwice(String)
    /// `--db ""`: an empty path names no store (it is not the same as leaving the option out).
    case emptyStorePath
    /// Not a place for the prayer times (`LATITUDE,LONGITUDE[,ELEVATION]`), or a value of it out of range.
    case badLocation(String, LocationFault)
    /// Not a prayer time adjustment: whole minutes within `PrayerAdjustments.range`.
    case badAdjustment(String)
    /// Not a region's hours (`HH:MM-HH:MM`, two different times).
    case badRegionHours(String)
    /// Not an anchor's duration: minutes (`15`) or `15m`, `1h`, `1h30m`, within `AnchorDuration.range`.
    case badDuration(String)

    /// What is wrong with a location that `badLocation` refuses.
    public enum LocationFault: Sendable, Equatable {
        /// Not two or three plain decimal numbers separated by commas.
        case form
        case latitude
        case longitude
        case elevation
    }

    public var kind: RefusalKind { .badInput }

    public var code: String {
        switch self {
        case .invalidWord: "invalid_value"
        case .badDate: "bad_date"
        case .badTime: "bad_time"
        case .badEffort: "bad_effort"
        case .badWindow: "bad_window"
        case .badColor: "bad_color"
        case .unknownToken: "bad_token"
        case .tokenTwice: "bad_token_repeated"
        case .emptyStorePath: "empty_store_path"
        case .badLocation: "bad_location"
        case .badAdjustment: "bad_adjustment"
        case .badRegionHours: "bad_hours"
        case .badDuration: "bad_duration"
        }
    }

    public var message: String {
        switch self {
        case let .invalidWord(what, given, expected):
            "Unknown \(what) '\(Messages.echo(given))'; expected \(expected)."
        case .badDate(let given):
            "'\(Messages.echo(given))' is not a date; use YYYY-MM-DD (years 1900 to 2999), today, tomorrow, later-this-week, next-week or someday."
        case .badTime(let given):
            "'\(Messages.echo(given))' is not a time; use YYYY-MM-DDTHH:MM."
        case .badEffort(let given):
            "'\(Messages.echo(given))' is not an effort; use minutes in 15-minute steps up to 480, or none."
        case .badWindow(let given):
            "'\(Messages.echo(given))' is not a time of day; use \"LABEL HH:MM-HH:MM [remind HH:MM]\"."
        case .badColor(let given):
            "Unknown colour '\(Messages.echo(given))'; expected accent, blue, ochre, plum or slate."
        case .unknownToken(let word):
            "'\(Messages.echo(word))' is not something quick add knows: use !low, !medium or !high, an effort like ~30m or ~1h, @today, @tomorrow, @later-this-week, @next-week, @someday or @YYYY-MM-DD, and #Category. A backslash keeps the character in the title, as in \\\(word)."
        case .tokenTwice(let word):
            "'\(Messages.echo(word))' says again what the line already says; give each of importance, effort, date and category once."
        case .emptyStorePath:
            "An empty path names no store; give a file, or leave the option out for the usual one."
        case let .badLocation(given, fault):
            switch fault {
            case .form:
                "'\(Messages.echo(given))' is not a location; use LATITUDE,LONGITUDE or LATITUDE,LONGITUDE,ELEVATION in degrees and metres, such as 51.5074,-0.1278."
            case .latitude:
                "'\(Messages.echo(given))' is not a location: the latitude must be from -90 to 90 degrees (north positive)."
            case .longitude:
                "'\(Messages.echo(given))' is not a location: the longitude must be from -180 to 180 degrees (east positive)."
            case .elevation:
                "'\(Messages.echo(given))' is not a location: the elevation must be from -500 to 9000 metres."
            }
        case .badAdjustment(let given):
            "'\(Messages.echo(given))' is not a prayer time adjustment; use whole minutes from -60 to 60, such as 2 or -3."
        case .badRegionHours(let given):
            "'\(Messages.echo(given))' is not a region's hours; use HH:MM-HH:MM with two different times, such as 06:00-12:00."
        case .badDuration(let given):
            "'\(Messages.echo(given))' is not a duration; use minutes (15) or 15m, 1h or 1h30m, from 1 minute to 12 hours."
        }
    }
}
