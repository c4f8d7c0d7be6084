import CharflowCore
import CharflowSync
import Foundation

/// Where a blind hub's passphrase comes from on the command line (rule Y-32): `--passphrase-file F`,
/// then `CHARFLOW_PASSPHRASE`, else typed on the terminal without echo, and only when it is needed.
///
/// The file's one trailing line break is not part of the passphrase. Off a terminal, with neither
/// given, nobody is asked: `hub init` makes an open hub and a sync to a blind one is refused.
enum PassphraseInput {
    static func from(file: String?, _ context: Context) throws -> HubPassphrase {
        var passphrase = HubPassphrase()
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw UsageError(message: "The passphrase file \(file) could not be read.")
            }
            var text = String(decoding: data, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            if text.hasSuffix("\r") { text.removeLast() }
            passphrase.given = text
        } else if let set = context.environment["CHARFLOW_PASSPHRASE"], !set.isEmpty {
            passphrase.given = set
        }
        let console = context.output.console
        guard passphrase.given == nil, console.inputIsTerminal else { return passphrase }
        passphrase.ask = { moment in
            switch moment {
            case .existing:
                return read(prompt: SyncMessages.passphrasePrompt, on: console)
            case .new:
                guard let first = read(prompt: SyncMessages.passphraseNewPrompt, on: console), !first.isEmpty else { return nil }
                guard read(prompt: SyncMessages.passphraseAgainPrompt, on: console) == first else { throw SyncError.passphraseMismatch }
                return first
            }
        }
        return passphrase
    }

    /// One line typed on the terminal with echo off; nil at the end of input.
    private static func read(prompt: String, on console: Console) -> String? {
        console.err(prompt)
        var saved = termios()
        let hidden = tcgetattr(console.input, &saved) == 0
        if hidden {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(console.input, TCSAFLUSH, &quiet)
        }
        defer {
            if hidden { tcsetattr(console.input, TCSAFLUSH, &saved) }
            console.err("\n")
        }
        return console.readLine()
    }
}
