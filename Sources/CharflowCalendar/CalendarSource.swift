import CharflowCore
import Foundation

/// A calendar a person reads their events from (spec D22, rule F-9): an `.ics` file, a vdir folder
/// (one `.ics` an event, as vdirsyncer and khal keep them), an `https://` iCalendar address, or a
/// CalDAV calendar collection.
///
/// It holds where the calendar is, never a password: credentials are read from `~/.netrc` or the
/// password file at each fetch (`SourceCredentials`). Sources stay on the device that added them.
public struct CalendarSource: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case file, folder, web, caldav
    }

    /// The name the person gave it ("Work").
    public var name: String
    public var kind: Kind
    /// An absolute path (file, folder) or an address without a password (web, caldav).
    public var location: String
    /// The person's own calendar addresses, by which their declined invitations are known.
    public var ownAddresses: [String]
    /// An absolute path to a file holding the password alone (mode 0600); nil to use `~/.netrc`.
    public var passwordFile: String?

    public init(name: String, kind: Kind, location: String, ownAddresses: [String] = [], passwordFile: String? = nil) {
        self.name = name
        self.kind = kind
        self.location = location
        self.ownAddresses = ownAddresses
        self.passwordFile = passwordFile
    }

    /// The source `location` names, checked: an address (`https://`, `webcal://`, or `http://` to this
    /// machine) is a web calendar, or a CalDAV collection when `caldav`; a path is a folder or a file,
    /// which must exist. A password file must exist and be the owner's alone.
    public static func named(_ name: String, location: String, caldav: Bool = false, ownAddresses: [String] = [],
                             passwordFile: String? = nil, environment: CalendarEnvironment) throws(CalendarFailure) -> CalendarSource {
        let passwordPath = passwordFile.map(environment.absolute)
        if let passwordPath { _ = try SourceCredentials.read(passwordFile: passwordPath) }
        let lowered = location.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.hasPrefix("webcal://") {
            let address = try SourceAddress(location)
            return CalendarSource(name: name, kind: caldav ? .caldav : .web, location: address.text,
                                  ownAddresses: ownAddresses, passwordFile: passwordPath)
        }
        guard !lowered.contains("://") else { throw .addressRefused(address: location, problem: .unsupportedScheme) }
        guard !caldav else { throw .addressRefused(address: location, problem: .caldavNeedsAddress) }
        let path = environment.absolute(location)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .unreadable(source: name, path: path, reason: "there is no file or folder there")
        }
        return CalendarSource(name: name, kind: isFolder.boolValue ? .folder : .file, location: path,
                              ownAddresses: ownAddresses, passwordFile: passwordPath)
    }
}
