import CharflowApp
import CharflowCore

/// `charflow category add|rename|color|archive|restore|delete|list`: the task labels.
enum CategoryCommand: CommandGroup {
    static let name = "category"
    static let aliases = ["categories"]
    static let usage = """
        charflow category list [--all] | add NAME [--color accent|blue|ochre|plum|slate] | rename NAME NEW \
        | color NAME COLOR | archive NAME | restore NAME | delete NAME
        """
    static let summary = "Manage categories (labels and the Today filter)"
    static var subcommands: [any Command.Type] { [List.self, Add.self, Rename.self, Recolor.self, Archive.self, Restore.self, Delete.self] }
    static var bare: (any Command.Type)? { List.self }

    /// `category list [--all]`.
    enum List: TypedCommand {
        static let name = "list"
        typealias Input = ReadCategories.Input
        static let usage = CategoryCommand.usage
        static let summary = CategoryCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let list = try context.app().readCategories(input)
            let text = list.categories.map { category in
                "  ● " + category.name + Padding.spaces(max(2, 26 - category.name.count))
                    + category.color.rawValue + (category.isArchived ? "  archived" : "")
                    + (category.id == list.filter?.id ? "  (Today filter)" : "")
            }
            context.output.emit(text: (["Categories"] + text).joinedText(separator: "\n"), json: list.json)
        }
    }

    /// `category add NAME [--color C]`.
    enum Add: TypedCommand {
        static let name = "add"
        typealias Input = AddCategory.Input
        static let positions = ["name"]
        static let usage = CategoryCommand.usage
        static let summary = CategoryCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            report("Added", try context.app().addCategory(input), context)
        }
    }

    /// `category rename NAME NEW`.
    enum Rename: TypedCommand {
        static let name = "rename"
        typealias Input = RenameCategory.Input
        static let positions = ["category", "to"]
        static let usage = CategoryCommand.usage
        static let summary = CategoryCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            report("Renamed", try context.app().renameCategory(input), context)
        }
    }

    /// `category color NAME COLOR`.
    enum Recolor: TypedCommand {
        static let name = "color"
        typealias Input = RecolorCategory.Input
        static let positions = ["category", "color"]
        static let usage = CategoryCommand.usage
        static let summary = CategoryCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            report("Recoloured", try context.app().recolorCategory(input), context)
        }
    }

    /// `category archive NAME`.
    enum Archive: TypedCommand {
        static let name = "archive"
        typealias Input = ArchiveCategory.Input
        static let positions = ["category"]
        static let usage = CategoryCommand.usage
        static let summary = CategoryCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            report("Archived", try context.app().archiveCategory(input), context)
        }
    }

    /// `category restore NAME`.
    enum Restore: TypedCommand {
        static let name = "restore"
        typealias Input = RestoreCategory.Input
        static let positions = ["category"]
        static let usage = CategoryCommand.usage
        static let summary = CategoryCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            report("Restored", try context.app().restoreCategory(input), context)
        }
    }

    /// `category delete NAME`.
    enum Delete: TypedCommand {
        static let name = "delete"
        typealias Input = DeleteCategory.Input
        static let positions = ["category"]
        static let usage = CategoryCommand.usage
        static let summary = CategoryCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            report("Deleted", try context.app().deleteCategory(input), context)
        }
    }

    /// "Added category Garden."
    static func report(_ done: String, _ report: CategoryReport, _ context: Context) {
        context.output.emit(text: "\(done) category \(report.category.name).", json: report.json)
    }
}
