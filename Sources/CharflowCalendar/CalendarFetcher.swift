import CharflowCore
import Foundation

/// Reads a source's iCalendar documents, asking first whether anything changed (rules F-9, F-12).
///
/// ```swift
/// let fetcher = CalendarFetcher(environment: CalendarEnvironment(environment: env, workingDirectory: cwd))
/// let refresh = try fetcher.refresh(source, window: window, previous: cachedSnapshot)
/// if refresh.changed { /* expand refresh.snapshot.documents and keep it */ }
/// ```
///
/// - A file: read again only when its size or modification time changed.
/// - A folder: every `*.ics` in it (not in sub-folders, not hidden), read again when any name, size
///   or modification time changed.
/// - An address: a GET with If-None-Match and If-Modified-Since from the last answer; a 304 keeps the
///   previous snapshot.
/// - A CalDAV collection: a PROPFIND of its sync-token (or getctag); the same tag as before, for a
///   window the last answer covered, keeps the previous snapshot. Otherwise a calendar-query REPORT
///   for the window's events, and the principal's calendar-user-address-set.
///
/// Every document is checked as `CalendarExpander` would read it, so a broken one refuses the
/// refresh here, naming its line. A failure throws and changes nothing: the caller keeps the previous
/// snapshot. The call blocks for at most `limits` per request.
public struct CalendarFetcher: Sendable {
    public let environment: CalendarEnvironment
    public let limits: CalendarFetchLimits

    public init(environment: CalendarEnvironment, limits: CalendarFetchLimits = .standard) {
        self.environment = environment
        self.limits = limits
    }

    /// Reads `source` for events in `window` (only a CalDAV collection is asked for the window alone),
    /// given the snapshot the last refresh kept, if any.
    public func refresh(_ source: CalendarSource, window: DateInterval, previous: CalendarSnapshot?) throws(CalendarFailure) -> CalendarRefresh {
        let refresh: CalendarRefresh
        switch source.kind {
        case .file: refresh = try readFile(source, previous: previous)
        case .folder: refresh = try readFolder(source, previous: previous)
        case .web: refresh = try fetchAddress(source, previous: previous)
        case .caldav:
            refresh = try CalDAVCollection(source: source, address: try SourceAddress(source.location),
                                           transfer: transfer(source), credentials: credentials(source))
                .refresh(window: window, previous: previous)
        }
        if refresh.changed {
            for document in refresh.snapshot.documents { try CalendarExpander.check(document, source: source.name) }
        }
        return refresh
    }

    // MARK: Files

    private func readFile(_ source: CalendarSource, previous: CalendarSnapshot?) throws(CalendarFailure) -> CalendarRefresh {
        let path = source.location
        let signature = try FileSignature.of(files: [path], source: source.name)
        if let previous, previous.validator.fileSignature == signature { return CalendarRefresh(snapshot: previous, changed: false) }
        let document = CalendarDocument(name: (path as NSString).lastPathComponent, text: try read(path, source: source.name))
        return changed(CalendarSnapshot(documents: [document], validator: .init(fileSignature: signature)), from: previous)
    }

    private func readFolder(_ source: CalendarSource, previous: CalendarSnapshot?) throws(CalendarFailure) -> CalendarRefresh {
        let folder = source.location
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .unreadable(source: source.name, path: folder, reason: (error as NSError).localizedFailureReason ?? "it cannot be listed")
        }
        let files = names.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".ics") }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
            .filter { var isFolder: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && !isFolder.boolValue }
        let signature = try FileSignature.of(files: files, source: source.name)
        if let previous, previous.validator.fileSignature == signature { return CalendarRefresh(snapshot: previous, changed: false) }
        var documents: [CalendarDocument] = []
        var total = 0
        for file in files {
            let text = try read(file, source: source.name)
            total += text.utf8.count
            guard total <= limits.maximumBytes else { throw .tooLarge(source: source.name, megabytes: max(1, limits.maximumBytes >> 20)) }
            documents.append(CalendarDocument(name: (file as NSString).lastPathComponent, text: text))
        }
        return changed(CalendarSnapshot(documents: documents, validator: .init(fileSignature: signature)), from: previous)
    }

    private func read(_ path: String, source: String) throws(CalendarFailure) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(source: source, path: path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limits.maximumBytes + 1) ?? Data()
        } catch {
            throw .unreadable(source: source, path: path, reason: (error as NSError).localizedFailureReason ?? "it cannot be read")
        }
        guard data.count <= limits.maximumBytes else { throw .tooLarge(source: source, megabytes: max(1, limits.maximumBytes >> 20)) }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Addresses

    private func fetchAddress(_ source: CalendarSource, previous: CalendarSnapshot?) throws(CalendarFailure) -> CalendarRefresh {
        let address = try SourceAddress(source.location)
        var headers = ["Accept: text/calendar, */*;q=0.5"]
        if let previous {
            if let etag = previous.validator.etag { headers.append("If-None-Match: \(etag)") }
            if let modified = previous.validator.lastModified { headers.append("If-Modified-Since: \(modified)") }
        }
        let answer = try transfer(source).send("GET", to: address, headers: headers, credentials: try credentials(source))
        if answer.status == 304, let previous { return CalendarRefresh(snapshot: previous, changed: false) }
        guard answer.status == 200 else { throw .httpStatus(source: source.name, status: answer.status) }
        let snapshot = CalendarSnapshot(documents: [CalendarDocument(name: address.text, text: answer.text)],
                                        validator: .init(etag: answer.headers["etag"], lastModified: answer.headers["last-modified"]))
        return changed(snapshot, from: previous)
    }

    // MARK: Shared

    private func transfer(_ source: CalendarSource) -> HTTPTransfer {
        HTTPTransfer(source: source.name, environment: environment, limits: limits)
    }

    private func credentials(_ source: CalendarSource) throws(CalendarFailure) -> SourceCredentials? {
        try SourceCredentials.find(for: try SourceAddress(source.location), passwordFile: source.passwordFile, environment: environment)
    }

    private func changed(_ snapshot: CalendarSnapshot, from previous: CalendarSnapshot?) -> CalendarRefresh {
        CalendarRefresh(snapshot: snapshot, changed: previous?.documents != snapshot.documents || previous?.ownAddresses != snapshot.ownAddresses)
    }
}

/// Files' names, sizes and modification times in one short text, to tell whether any changed.
enum FileSignature {
    static func of(files: [String], source: String) throws(CalendarFailure) -> String {
        // FNV-1a over every file's path, size and modification time (to the nanosecond): stable from
        // one process to the next, unlike Swift's Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        for file in files {
            var status = stat()
            guard stat(file, &status) == 0 else {
                throw .unreadable(source: source, path: file, reason: String(cString: strerror(errno)))
            }
            mix("\(file)\u{0}\(status.st_size)\u{0}\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\u{0}")
        }
        return "\(files.count):" + String(hash, radix: 16)
    }
}
