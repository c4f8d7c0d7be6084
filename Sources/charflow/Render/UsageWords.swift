import CharflowApp
import CharflowCore

/// The command line's words for a request that lacks something: its flags, and its usage line.
enum UsageWords {
    static func phrase(_ error: UsageRefusal, command: String, usage: String) -> String {
        let withUsage = { (sentence: String) in sentence + "\nUsage: " + usage }
        switch error {
        case .missing("task"): return withUsage("Which task? Give its id.")
        case .missing("habit"): return withUsage("Which habit? Give its id or title.")
        case .missing("item"): return withUsage("Which item? Give its number.")
        case .missing("file"): return withUsage("Which file?")
        case .missing("region"): return withUsage("Which region?")
        case .missing: return "Usage: " + usage
        case .missingOption("position"): return withUsage("Which position? Give --position N.")
        case .missingOption("to"): return "Move it where? Give --to DATE-WORD."
        case .missingOption("reason"): return withUsage("Why the pause? Give --reason travel, illness, cycle or other.")
        case .missingOption(let name): return withUsage("Give --\(name).")
        case .chooseOne(["region", "bucket", "backlog"]): return withUsage("Where to? Give --region, --bucket or --backlog.")
        case .chooseOne(["keep", "later", "drop"]): return withUsage("Choose one of --keep, --later DATE-WORD or --drop.")
        case .chooseOne(let names): return withUsage("Choose one of " + flags(names) + ".")
        case .atMostOne(let names): return "Choose one of " + flags(names) + "."
        case .notANumber(let option, let given): return "--\(option) takes a whole number, not '\(given)'."
        case .nothingToChange: return withUsage("Nothing to change.")
        case .backlogTakesNoPlace: return withUsage("--backlog takes no region, bucket or day.")
        case .unknownAction(let word):
            let what = command == "plan" ? "plan step" : "\(command) action"
            return withUsage("Unknown \(what) '\(word)'.")
        }
    }

    static func flags(_ names: [String]) -> String {
        UsageRefusal.list(names.map { "--" + $0 }, "or")
    }
}
