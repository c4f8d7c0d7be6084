import Foundation
import PackagePlugin

/// Turns each file of `Sources/CharflowWeb/Page` into a Swift source holding it as a raw string literal,
/// so the page is compiled into the binary (spec D17) while staying real HTML, CSS and JavaScript files.
///
/// A string literal, not SwiftPM's `.embedInCode` byte array: the compiler spent 22 s (debug) and 50 s
/// (release) on the 370 KB of the page as a million integer literals, and 0.2 s on it as text. Each file
/// is its own build command with the file as its input, so a change to one regenerates that one.
@main
struct EmbedPage: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Sources/\(target.name)/Page")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        return names.map { name in
            let input = folder.appending(path: name)
            let member = name.replacingOccurrences(of: ".", with: "_")
            let output = context.pluginWorkDirectoryURL.appending(path: "PageFile_\(member).swift")
            return .buildCommand(displayName: "Embedding the page's \(name)", executable: URL(filePath: "/bin/sh"),
                                 arguments: ["-c", EmbedPage.script, "embed-page", input.path, output.path, member],
                                 inputFiles: [input], outputFiles: [output])
        }
    }

    /// Writes the file `$1` into `$2` as the `PageFiles` member `$3`. The delimiter (`"""` and five `#`) may
    /// not occur in the file: one that holds it fails here, naming it, rather than compiling to other text.
    static let script = ######"""
        set -e
        if grep -q -F '"""#####' "$1"; then echo "$1 holds the page files' string delimiter" >&2; exit 1; fi
        { printf 'extension PageFiles {\n    static let %s: StaticString = #####"""\n' "$3"
          cat "$1"
          printf '\n"""#####\n}\n'
        } > "$2.new"
        mv "$2.new" "$2"
        """######
}
