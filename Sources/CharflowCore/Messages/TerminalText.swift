/// Text made safe to print on a terminal: control characters are shown, never obeyed.
///
/// A title or note may hold anything an import brought in — an escape sequence that clears the
/// screen, sets the window title or rewrites a line with a carriage return. The store keeps it
/// exactly; what is printed as text shows each control character visibly instead: C0 characters and
/// DEL in caret notation (`^[` for ESC, `^M` for CR, `^?` for DEL), C1 characters and the bidirectional
/// overrides and isolates (which would reorder the line on screen) as `<U+009B>`, `<U+202E>`.
/// Newline and tab are layout and stay.
public enum TerminalText {
    /// `text` with every control character but newline and tab, and every direction override, written visibly.
    public static func escaped(_ text: String) -> String {
        // One pass over the bytes clears almost every text; decoding scalars cost a screen ~35
        // instructions a byte.
        if text.utf8.withContiguousStorageIfAvailable({ !mayHoldShownVisibly($0) }) == true { return text }
        guard text.unicodeScalars.contains(where: isShownVisibly) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isShownVisibly(scalar) else { out.append(scalar); continue }
            let shown: String
            switch scalar.value {
            case 0x7F: shown = "^?"
            case 0..<0x20: shown = "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown = "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
            }
            out.append(contentsOf: shown.unicodeScalars)
        }
        return String(out)
    }

    /// C0 but newline and tab, DEL, and C1 (which some terminals obey as escape sequences too).
    public static func isControl(_ scalar: UnicodeScalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0..<0x20, 0x7F, 0x80..<0xA0: return true
        default: return false
        }
    }

    /// Whether UTF-8 `bytes` may encode a scalar `isShownVisibly` names: a C0 byte but newline and
    /// tab, DEL, or the first bytes of C1 (C2 80–9F), U+202A–202E (E2 80 AA–AE) or U+2066–2069
    /// (E2 81 A6–A9). False means none is there.
    static func mayHoldShownVisibly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 { if byte != 0x0A && byte != 0x09 { return true } }
            else if byte == 0x7F { return true }
            else if byte == 0xC2 { if index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true } }
            else if byte == 0xE2, index + 2 < bytes.count {
                let second = bytes[index + 1], third = bytes[index + 2]
                if second == 0x80 && (0xAA...0xAE).contains(third) { return true }
                if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
            }
            index += 1
        }
        return false
    }

    /// A control character, or a bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069).
    static func isShownVisibly(_ scalar: UnicodeScalar) -> Bool {
        isControl(scalar) || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
