import CharflowApp
import Foundation

// Arguments are read as UTF-8; one that is not would reach the store with U+FFFD in place of its
// bytes, so it is refused instead (by its position, since it cannot be shown).
let undecodable = (1..<Int(CommandLine.argc)).first { index in
    CommandLine.unsafeArgv[index].map { String(validatingCString: $0) == nil } ?? false
}
let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
                     console: .process, undecodable: undecodable)
exit(status)
