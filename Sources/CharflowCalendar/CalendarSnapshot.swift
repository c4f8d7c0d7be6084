import Foundation

/// What one refresh of a source read: its iCalendar documents and what the next refresh asks with to
/// be told nothing changed. `Codable`, for the device's cache to keep whole.
///
/// The occurrences of any window are expanded from `documents` (`CalendarExpander`), so a cache keeps
/// the snapshot as well as the occurrences: a 304 keeps the last events by handing back the snapshot
/// it was given.
public struct CalendarSnapshot: Hashable, Sendable, Codable {
    public var documents: [CalendarDocument]
    public var validator: Validator
    /// The window the documents were asked for, for a CalDAV collection (a calendar-query with a
    /// time-range); nil when they are the whole calendar.
    public var coverage: DateInterval?
    /// The addresses the CalDAV server gives as the person's (the principal's
    /// calendar-user-address-set, `mailto:` ones only), to add to the source's own.
    public var ownAddresses: [String]

    public init(documents: [CalendarDocument], validator: Validator = Validator(), coverage: DateInterval? = nil,
                ownAddresses: [String] = []) {
        self.documents = documents
        self.validator = validator
        self.coverage = coverage
        self.ownAddresses = ownAddresses
    }

    /// What a source's last answer said about its version.
    public struct Validator: Hashable, Sendable, Codable {
        /// The ETag of an address's answer, sent back as If-None-Match.
        public var etag: String?
        /// Its Last-Modified, sent back as If-Modified-Since.
        public var lastModified: String?
        /// A CalDAV collection's sync-token (or, without one, its getctag).
        public var collectionTag: String?
        /// A file's or folder's names, sizes and modification times, in short.
        public var fileSignature: String?

        public init(etag: String? = nil, lastModified: String? = nil, collectionTag: String? = nil, fileSignature: String? = nil) {
            self.etag = etag
            self.lastModified = lastModified
            self.collectionTag = collectionTag
            self.fileSignature = fileSignature
        }
    }
}

/// The outcome of a refresh: the snapshot to keep, and whether it differs from the one before.
public struct CalendarRefresh: Sendable {
    public var snapshot: CalendarSnapshot
    /// False when the source said nothing changed (a 304, the same collection tag, the same files):
    /// `snapshot` is then the previous one, its events as they were.
    public var changed: Bool
}
