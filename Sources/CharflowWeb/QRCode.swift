import CQREncode
import Foundation

/// A QR code of a pairing link (spec D24, rule M-2), made by libqrencode (found with `dlopen`).
///
/// Drawn on a terminal two module rows a line with half blocks, inside the quiet zone the standard asks
/// for; also as a PBM image, which the tests read back with zbarimg.
public struct QRCode: Sendable {
    /// Modules a side.
    public let width: Int
    /// Row by row, true for a dark module.
    public let dark: [Bool]
    /// Light modules around the code on every side (ISO/IEC 18004 asks for four).
    public static let quietZone = 4

    /// The code of `text`, or nil when libqrencode is missing or the text is too long for one.
    public init?(_ text: String) {
        var width: Int32 = 0
        guard let modules = charflow_qr_modules(text, &width), width > 0 else { return nil }
        defer { free(modules) }
        self.width = Int(width)
        dark = (0..<Int(width) * Int(width)).map { modules[$0] != 0 }
    }

    /// Whether the module at (`x`, `y`) is dark; outside the code (the quiet zone) it is light.
    public func isDark(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < width && dark[y * width + x]
    }

    /// Lines of half blocks, dark modules drawn in the text's colour: a line holds two rows.
    public var terminalLines: [String] {
        let span = -Self.quietZone..<(width + Self.quietZone)
        return stride(from: -Self.quietZone, to: width + Self.quietZone, by: 2).map { y in
            String(span.map { x -> Character in
                switch (isDark(x: x, y: y), isDark(x: x, y: y + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }

    /// A plain PBM (P1) image, `scale` pixels a module, quiet zone included.
    public func pbm(scale: Int = 4) -> String {
        let side = (width + 2 * Self.quietZone) * scale
        var text = "P1\n\(side) \(side)\n"
        for row in 0..<side {
            let y = row / scale - Self.quietZone
            text += (0..<side).map { column in isDark(x: column / scale - Self.quietZone, y: y) ? "1" : "0" }.joinedText(separator: " ")
            text += "\n"
        }
        return text
    }
}
