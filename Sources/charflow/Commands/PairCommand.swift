import CharflowApp
import CharflowCore
import CharflowWeb
import Foundation

/// `charflow pair`: a one-time pairing link for a phone, with its short code and as a QR code on the
/// terminal; `pair --list` names the paired browsers with their last use, `pair --revoke NAME` ends one
/// (spec D24, rules M-2, M-3).
///
/// The link points at where `serve --listen` last listened (the state folder's network record); pairings
/// and sign-ins stay in the state folder of this machine, never in the store.
enum PairCommand: TypedCommand {
    static let name = "pair"
    static let usage = "charflow pair | pair --list | pair --revoke NAME"
    static let summary = "Pair a phone's browser with the page served on your network (serve --listen)"

    struct Input: Decodable {
        var list: Bool?
        var revoke: String?
    }

    static func run(_ input: Input, _ context: Context) throws {
        let store = try StoreEnvironment(environment: context.environment, storeOption: context.args.value("db"))
        let state = try ServeCommand.stateFolder(context, store: store)
        // A code's ten minutes are the wall clock's, as the server's check is: `--now` moves the day, not them.
        let now = Date()
        if let name = input.revoke {
            let found: Bool
            do {
                found = try state.devices.revoke(name: name)
            } catch {
                throw PairingsUnwritable()
            }
            guard found else { throw NoSuchPairedDevice(name: name) }
            context.output.emit(text: WebMessages.revoked(name), json: .object([("revoked", .string(name))]))
            return
        }
        if input.list == true {
            let devices = state.devices.all()
            let stamp = ISO8601DateFormatter()
            stamp.timeZone = store.timeZone
            stamp.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
            let text = devices.isEmpty ? WebMessages.noPairedDevices
                : devices.map { "  \($0.name) — last used \(stamp.string(from: $0.lastUsed)), paired \(stamp.string(from: $0.paired))" }
                    .joinedText(separator: "\n")
            context.output.emit(text: text, json: .array(devices.map { device -> JSONValue in
                .object([("name", .string(device.name)), ("lastUsed", .string(stamp.string(from: device.lastUsed))),
                         ("paired", .string(stamp.string(from: device.paired)))])
            }))
            return
        }
        guard let record = NetworkRecord.read(state.networkPath) else { throw PairNeedsListen() }
        let code: String
        do {
            code = try state.pairingCodes.mint(now: now)
        } catch {
            throw PairingsUnwritable()
        }
        let url = "\(record.url)/pair?code=\(code)"
        let shown = PairingCodes.shown(code)
        context.output.emit(text: qrText(url, output: context.output) + WebMessages.pairLink(url: url, code: shown, fingerprint: record.fingerprint),
                            json: .object([("url", .string(url)), ("code", .string(shown)), ("fingerprint", .string(record.fingerprint)),
                                           ("expiresInSeconds", .int(Int(PairingCodes.lifetime)))]))
    }

    /// The link's QR code as terminal lines (black on white when the terminal takes colours), then a
    /// blank line; a sentence instead when libqrencode is missing.
    static func qrText(_ url: String, output: Output) -> String {
        guard let code = QRCode(url) else { return WebMessages.qrUnavailable + "\n" }
        let lines = code.terminalLines.map { line in
            output.color ? output.escape + "[30;47m" + line + output.escape + "[0m" : line
        }
        return lines.joinedText(separator: "\n") + "\n\n"
    }
}

/// `pair --revoke NAME` names no paired browser (exit 1, nothing changed).
struct NoSuchPairedDevice: CharflowRefusal {
    let name: String
    var code: String { "no_such_device" }
    var message: String { WebMessages.noSuchDevice(name) }
    var kind: RefusalKind { .notFound }
}

/// `charflow pair` before any `serve --listen` for this store.
struct PairNeedsListen: CharflowRefusal {
    var code: String { "not_listening" }
    var message: String { WebMessages.pairNeedsListen }
    var kind: RefusalKind { .unavailable }
}

/// The state folder's pairing files cannot be written.
struct PairingsUnwritable: CharflowRefusal {
    var code: String { "pairings_unwritable" }
    var message: String { WebMessages.pairingsUnwritable }
    var kind: RefusalKind { .unavailable }
}
