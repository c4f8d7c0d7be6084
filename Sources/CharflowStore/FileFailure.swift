import CharflowCore

/// Why an export or an import could not use its file: the path takes no export, a write failed part way,
/// the export is incomplete, or the imported file was refused.
package enum FileFailure: CharflowRefusal, Equatable {
    /// `--out` names something an export cannot be written to (a folder, a dangling link, a missing folder).
    case exportTarget(String)
    /// Writing an export failed part way (a full disk, a device that refuses, a closed pipe).
    case writeFailed(String)
    /// An export of a damaged store: written with what could be read, these tables not in full.
    case exportSalvaged([String])
    /// Items of a foreign file could not be read (the first ten of `count` named): the file is refused
    /// whole unless the person asks for the rest to be imported without them (X-5).
    case importUnreadable([ImportError], count: Int)
    /// The imported file was refused where it first broke a rule; nothing was changed.
    case importRefused(ImportError)

    package var kind: RefusalKind {
        switch self {
        case .exportTarget, .importRefused, .importUnreadable: .badInput
        case .writeFailed, .exportSalvaged: .unavailable
        }
    }

    package var hint: Hint? {
        if case .importUnreadable = self { return .importTheRest }
        return nil
    }

    package var code: String {
        switch self {
        case .exportTarget: "bad_output"
        case .writeFailed: "write_failed"
        case .exportSalvaged: "export_partial"
        case .importRefused, .importUnreadable: "import_refused"
        }
    }

    package var message: String {
        switch self {
        case .exportTarget(let path):
            "'\(path)' cannot take an export: name a file in a folder that exists. Nothing was written."
        case .writeFailed(let reason):
            "Could not write the export: \(reason)."
        case .exportSalvaged(let tables):
            "The store is damaged: the export holds everything that could be read, but not all of \(tables.joinedText(separator: ", "))."
        case .importRefused(let error):
            "Import refused at \(error.place): \(error.message). Nothing was changed."
        case let .importUnreadable(errors, count):
            "Import refused: \(count == 1 ? "1 item" : "\(count) items") of the file could not be read. "
                + errors.map { "\($0.place): \($0.message)." }.joinedText(separator: " ")
                + (count > errors.count ? " … and \(count - errors.count) more." : "") + " Nothing was changed."
        }
    }
}
