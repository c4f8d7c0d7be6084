import CharflowApp
import CharflowCore
/// Bad usage of the command line (unknown command or option, a missing value): exit 2.
struct UsageError: Error {
    let message: String
}

/// The command line split into words and options, before any meaning is given to them.
///
/// `--name value` and `--name=value` take a value unless the name is a known switch; `--` ends options.
struct Arguments {
    var words: [String] = []
    var values: [String: [String]] = [:]
    var switches: Set<String> = []
    /// Options given without a value; refused by `check`, after unknown options are named.
    var missingValues: [String] = []

    /// Option names that never take a value.
    static let switchNames: Set<String> = [
        "json", "backlog", "done", "stop", "all", "yes", "dry-run", "help", "version", "notify", "no-color", "clear",
        "weekdays", "slip", "held", "undo", "keep", "drop", "status", "sign-out", "watch", "prayers", "caldav",
        "skip-unreadable", "list",
    ]

    init(_ argv: [String]) throws {
        var index = 0
        var optionsEnded = false
        while index < argv.count {
            let word = argv[index]
            index += 1
            if optionsEnded || !word.hasPrefix("--") || word == "-" {
                if word == "--", !optionsEnded { optionsEnded = true; continue }
                words.append(word)
                continue
            }
            if word == "--" { optionsEnded = true; continue }
            var name = String(word.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if Arguments.switchNames.contains(name) {
                guard value == nil else { throw UsageError(message: "--\(name) takes no value.") }
                switches.insert(name)
                continue
            }
            if value == nil {
                // `--region --json` is a missing value, not a region called "--json".
                guard index < argv.count, !argv[index].hasPrefix("--") else {
                    missingValues.append(name)
                    continue
                }
                value = argv[index]
                index += 1
            }
            values[name, default: []].append(value!)
        }
    }

    func has(_ name: String) -> Bool { switches.contains(name) }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    var optionNames: Set<String> { switches.union(values.keys).union(missingValues) }

    /// Refuses options the command does not take, and more positional words than it expects.
    func check(allowed: Set<String>, maxWords: Int, usage: String) throws {
        let global: Set<String> = ["db", "now", "json", "no-color", "help"]
        if let unknown = optionNames.subtracting(allowed).subtracting(global).sorted().first {
            throw UsageError(message: "Unknown option --\(Messages.echo(unknown)).\nUsage: \(usage)")
        }
        if let name = missingValues.first { throw UsageError(message: "--\(name) needs a value.") }
        if words.count > maxWords {
            throw UsageError(message: "Unexpected '\(words[maxWords])'.\nUsage: \(usage)")
        }
    }
}
