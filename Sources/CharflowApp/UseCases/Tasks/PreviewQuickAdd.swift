import CharflowCore

/// A quick-add line as read on this call's day: the parse, with its quick date resolved (rule W-9).
///
/// `charflow add --parse LINE --dry-run` prints it, the page shows it while the user types, and
/// `Request.quickAdd` turns it into the add request both front ends then run.
public struct QuickAddReport {
    public let line: QuickAddLine
    /// The day the quick date names today; nil for none or Someday.
    public let dueDate: LocalDay?

    public func json() -> JSONValue {
        .object([
            ("title", .string(line.title)),
            ("importance", .optional(line.importance?.rawValue)),
            ("effortMinutes", .optional(line.effortMinutes)),
            ("due", .optional(line.dueWord)),
            ("dueDate", .optional(dueDate?.description)),
            ("category", .optional(line.category)),
            ("tokens", .array(line.tokens.map { token in
                .object([("kind", .string(token.kind.rawValue)), ("text", .string(token.text)), ("value", .string(token.value))])
            })),
        ])
    }
}

extension Request {
    /// The add request a quick-add line stands for: its title as the words, its tokens as the options,
    /// with this request's other options (a region and bucket, say) kept.
    ///
    /// An option the line also gives is refused rather than one silently winning.
    public func quickAdd(_ line: QuickAddLine) throws -> Request {
        guard words.isEmpty else { throw RequestError.atMostOne(["title", "parse"]) }
        var result = Request(words: [line.title], options: options, switches: switches)
        result.options["parse"] = nil
        for token in line.tokens {
            let name = Self.optionName(token.kind)
            if result.options[name] != nil { throw RequestError.atMostOne([name, "parse"]) }
            result.options[name] = [token.value]
        }
        return result
    }

    private static func optionName(_ kind: QuickAddLine.Kind) -> String {
        switch kind {
        case .importance: "importance"
        case .effort: "effort"
        case .due: "due"
        case .category: "category"
        }
    }
}

extension Charflow {
    /// Reads the request's `parse` line as of today, changing nothing.
    ///
    /// It refuses exactly what the add of the same request would (an important task sent to Someday,
    /// a category that is unknown or archived, an option or a title word beside the line, a full
    /// bucket), so a preview never promises an add that is then refused.
    public func parseQuickAdd(_ request: Request) throws -> QuickAddReport {
        guard let text = request.value("parse") else { throw RequestError.missingOption("parse") }
        let line = try QuickAddLine.parse(text)
        try judgeAdd(try addInput(request))
        return QuickAddReport(line: line, dueDate: try line.due?.resolve(today: today, calendar: calendar))
    }
}
