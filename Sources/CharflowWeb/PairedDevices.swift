import Foundation

/// The browsers paired with `serve --listen` (spec D24, rule M-3): each has its own long-lived sign-in,
/// named after its browser, listed with its last use and revocable one by one.
///
/// Kept on this machine only, in the state folder's devices file (0600), never in the store and never
/// synced: a sign-in belongs to this server. One line a browser: its cookie token, when it paired, when
/// it was last used and its name. The server reads the file on every request, so a revocation by
/// `charflow pair --revoke` takes effect at the next one. The last use is written at most once a
/// minute a browser, so a page that asks every two seconds does not rewrite the file each time.
public struct PairedDevices: Sendable {
    public let path: String
    /// How stale a recorded last use may be before a request records it again.
    public static let lastUseStep: TimeInterval = 60

    public init(path: String) {
        self.path = path
    }

    public struct Device: Sendable, Equatable {
        public let token: AccessToken
        public let paired: Date
        public var lastUsed: Date
        public let name: String
    }

    public struct Unwritable: Error {
        public let path: String
    }

    /// Every paired browser, in the order they paired.
    public func all() -> [Device] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return (try? LockedLines(path: path).update(writing: false) { lines in lines.compactMap(Self.device) }) ?? []
    }

    /// Pairs a browser: a new sign-in named after `browser` ("Chrome on Android"), numbered when that
    /// name is taken ("Chrome on Android 2").
    public func add(browser: String, now: Date) throws -> Device {
        do {
            return try LockedLines(path: path).update { lines in
                let taken = Set(lines.compactMap(Self.device).map { $0.name.lowercased() })
                var name = browser, number = 1
                while taken.contains(name.lowercased()) {
                    number += 1
                    name = "\(browser) \(number)"
                }
                let device = Device(token: .fresh(), paired: now, lastUsed: now, name: name)
                lines.append(Self.line(device))
                return device
            }
        } catch {
            throw Unwritable(path: path)
        }
    }

    /// The device whose sign-in `token` is, its last use recorded when it is over a minute old; nil when
    /// no paired browser has it (never paired, or revoked).
    public func signIn(_ token: String?, now: Date) -> Device? {
        guard let token, FileManager.default.fileExists(atPath: path) else { return nil }
        let devices = all()
        // Every device is compared, so the time taken says nothing of which one matched.
        var found: Device?
        for device in devices where device.token.matches(token) { found = device }
        guard var device = found else { return nil }
        if now.timeIntervalSince(device.lastUsed) >= Self.lastUseStep {
            device.lastUsed = now
            _ = try? LockedLines(path: path).update { lines in
                lines = lines.map { line in Self.device(line).map { $0.token == device.token ? Self.line(device) : line } ?? line }
            }
        }
        return device
    }

    /// Revokes the browser called `name` (any case); false when none is.
    public func revoke(name: String) throws -> Bool {
        do {
            return try LockedLines(path: path).update { lines in
                let before = lines.count
                lines.removeAll { Self.device($0)?.name.lowercased() == name.lowercased() }
                return lines.count < before
            }
        } catch {
            throw Unwritable(path: path)
        }
    }

    /// Revokes every paired browser (`serve --sign-out`).
    public func revokeAll() throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            try LockedLines(path: path).update { $0.removeAll() }
        } catch {
            throw Unwritable(path: path)
        }
    }

    static func line(_ device: Device) -> String {
        let name = device.name.replacingOccurrences(of: "\n", with: " ")
        return "\(device.token.text) \(Int(device.paired.timeIntervalSince1970)) \(Int(device.lastUsed.timeIntervalSince1970)) \(name)"
    }

    static func device(_ line: String) -> Device? {
        let parts = line.split(separator: " ", maxSplits: 3)
        guard parts.count == 4, parts[0].count == 64, let paired = Double(parts[1]), let used = Double(parts[2]) else { return nil }
        return Device(token: AccessToken(text: String(parts[0])), paired: Date(timeIntervalSince1970: paired),
                      lastUsed: Date(timeIntervalSince1970: used), name: String(parts[3]))
    }
}
