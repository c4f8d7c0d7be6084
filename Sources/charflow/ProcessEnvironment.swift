import Foundation

/// The process's environment as a dictionary, read straight from `environ`.
///
/// Foundation's `ProcessInfo.environment` cost every command ~0.2 M instructions more, a fifth of
/// `--version`; this is one pass over the C strings. A variable without `=` is skipped; of two with one
/// name, the first wins, as `getenv` answers.
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }
}
