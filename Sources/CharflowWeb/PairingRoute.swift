import CharflowCore
import Foundation

/// `POST /api/pairing`: Settings' "Pair a phone" (spec D24, rule M-2) makes the same one-time pairing link
/// `charflow pair` prints, with its code, the certificate's fingerprint and the link's QR code as an SVG
/// path.
///
/// Answered only by the server on this machine (127.0.0.1): a paired phone cannot pair others, so on the
/// network the address names nothing (404). It is a write (a code is kept), so the write guards hold.
enum PairingRoute {
    static let path = "/api/pairing"

    static func answer(_ request: WebRequest, state: ServeStateFolder, onNetwork: Bool, now: Date = Date()) -> WebResponse {
        guard !onNetwork else { return .error(404, code: "not_found", message: WebMessages.notFound) }
        guard request.method == "POST" else { return .error(405, code: "wrong_method", message: WebMessages.wrongMethod) }
        guard let record = NetworkRecord.read(state.networkPath) else {
            return .error(409, code: "not_listening", message: WebMessages.pageNotListening)
        }
        guard let code = try? state.pairingCodes.mint(now: now) else {
            return .error(409, code: "pairings_unwritable", message: WebMessages.pairingsUnwritable)
        }
        let url = "\(record.url)/pair?code=\(code)"
        var fields: [(String, String)] = [
            ("url", JSONText.quoted(url)), ("code", JSONText.quoted(PairingCodes.shown(code))),
            ("fingerprint", JSONText.quoted(record.fingerprint)), ("expiresInSeconds", String(Int(PairingCodes.lifetime))),
        ]
        if let qr = QRCode(url) {
            fields.append(("qr", "{\"size\": \(qr.width + 2 * QRCode.quietZone), \"path\": \(JSONText.quoted(svgPath(qr)))}"))
        } else {
            fields.append(("qr", "null"))
        }
        return .json("{" + fields.map { "\(JSONText.quoted($0.0)): \($0.1)" }.joinedText(separator: ", ") + "}")
    }

    /// The dark modules as one SVG path of unit squares, offset by the quiet zone.
    static func svgPath(_ qr: QRCode) -> String {
        var path = ""
        for y in 0..<qr.width {
            for x in 0..<qr.width where qr.isDark(x: x, y: y) {
                path += "M\(x + QRCode.quietZone) \(y + QRCode.quietZone)h1v1h-1z"
            }
        }
        return path
    }
}
