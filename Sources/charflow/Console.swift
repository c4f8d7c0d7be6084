import Foundation

/// The three streams one run of the command line reads and writes: the process's own, or a test's files.
///
/// Every word a command prints goes through here (`Output` for the words, `write` for progress lines and
/// an export to standard output), so the whole command line can run inside a test process with its
/// output captured and nothing of it reaching the test's own streams.
struct Console: Sendable {
    let input: Int32
    let output: Int32
    let errors: Int32

    /// Standard input, output and error of this process.
    static let process = Console(input: STDIN_FILENO, output: STDOUT_FILENO, errors: STDERR_FILENO)

    var inputIsTerminal: Bool { isatty(input) == 1 }
    var outputIsTerminal: Bool { isatty(output) == 1 }
    var errorsIsTerminal: Bool { isatty(errors) == 1 }

    /// Writes `text` to standard output whole.
    func out(_ text: String) { Console.write(text, to: output) }

    /// Writes `text` to standard error whole.
    func err(_ text: String) { Console.write(text, to: errors) }

    /// One line read from standard input without its line break; nil at the end of input.
    ///
    /// Read a byte at a time, so that nothing after the line is taken from a stream the next question
    /// or another program reads.
    func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes all of `text` to `descriptor`, again after an interrupted or partial write; a stream that
    /// is gone (a closed pipe) ends the writing quietly.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
