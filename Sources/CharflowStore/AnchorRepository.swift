import CharflowCore
import Foundation

/// The store's anchors and their marks as records (spec D22).
///
/// Reads work anywhere. A save takes the `UnitOfWork` of its action: it captures the row's
/// before-image in the action's undo journal and stamps `modifiedAt` with the action's clock, so no
/// anchor change escapes undo or misses its sync stamp (spec D8, D14). An anchor is made with an insert
/// that never replaces a row; a mark is saved under the id derived from (anchor, day), so a mark of a
/// day already marked (here or on another device) changes that one record.
package struct AnchorRepository {
    let db: Database

    // MARK: Anchors

    /// The anchor with this id, if it exists.
    package func anchor(id: UUID) throws -> Anchor? {
        try db.rows("SELECT \(AnchorRecords.columns) FROM anchors WHERE id = ?", [.text(id.lowercasedText)])
            .first.map(AnchorRecords.anchor)
    }

    /// Up to `limit` anchors whose id starts with `prefix` (lower-case text).
    package func anchors(idStartingWith prefix: String, limit: Int = 2) throws -> [Anchor] {
        try db.rows("SELECT \(AnchorRecords.columns) FROM anchors WHERE id >= ? AND id < ? LIMIT ?",
                    [.text(prefix), .text(prefix + "~"), .integer(Int64(limit))]).map(AnchorRecords.anchor)
    }

    /// Up to `limit` anchors titled `title`, ignoring case.
    package func anchors(titled title: String, limit: Int = 2) throws -> [Anchor] {
        try db.rows("SELECT \(AnchorRecords.columns) FROM anchors WHERE lower(title) = ? LIMIT ?",
                    [.text(title.lowercased()), .integer(Int64(limit))]).map(AnchorRecords.anchor)
    }

    /// Anchors in the order they were made; archived ones only with `includeArchived`, after the others.
    package func all(includeArchived: Bool) throws -> [Anchor] {
        let clause = includeArchived ? "" : "WHERE is_archived = 0"
        return try db.rows("SELECT \(AnchorRecords.columns) FROM anchors \(clause) ORDER BY is_archived, created_at, id")
            .map(AnchorRecords.anchor)
    }

    /// The active anchors that remind: what `remind` reads, and nothing when none does.
    package func reminding() throws -> [Anchor] {
        try db.rows("SELECT \(AnchorRecords.columns) FROM anchors WHERE is_archived = 0 AND remind_minutes IS NOT NULL ORDER BY created_at, id")
            .map(AnchorRecords.anchor)
    }

    /// Adds `anchor`, which must be new; returns it as stored.
    @discardableResult
    package func insert(_ anchor: Anchor, in work: UnitOfWork) throws -> Anchor {
        var anchor = anchor
        try work.journal.capture("anchors", key: anchor.id.lowercasedText)
        anchor.modifiedAt = work.now
        try db.run(AnchorRecords.insertSQL, AnchorRecords.bindings(anchor))
        return anchor
    }

    /// Saves a change to `anchor`; returns it as stored.
    @discardableResult
    package func save(_ anchor: Anchor, in work: UnitOfWork) throws -> Anchor {
        var anchor = anchor
        try work.journal.capture("anchors", key: anchor.id.lowercasedText)
        anchor.modifiedAt = work.now
        try db.run(AnchorRecords.upsertSQL, AnchorRecords.bindings(anchor))
        return anchor
    }

    // MARK: Marks

    /// The mark of `anchor` for `day`, if a record of it exists (its outcome may have been taken back).
    /// Two records of one day (a mark from before ids were derived cannot exist, but an import may bring
    /// one) read as the one marked last.
    package func resolution(of anchor: UUID, on day: LocalDay) throws -> AnchorResolution? {
        try db.rows("""
            SELECT \(AnchorRecords.resolutionColumns) FROM anchor_resolutions WHERE anchor_id = ? AND day = ?
            ORDER BY outcome IS NULL, resolved_at DESC, id LIMIT 1
            """, [.text(anchor.lowercasedText), .text(day.description)]).first.map(AnchorRecords.resolution)
    }

    /// The outcomes of `anchor` from `start` through `end`, by day.
    package func outcomes(of anchor: UUID, from start: LocalDay, through end: LocalDay) throws -> [LocalDay: AnchorOutcome] {
        var outcomes: [LocalDay: AnchorOutcome] = [:]
        try db.forEachRow("""
            SELECT day, outcome FROM anchor_resolutions WHERE anchor_id = ? AND day >= ? AND day <= ? AND outcome IS NOT NULL
            ORDER BY resolved_at
            """, [.text(anchor.lowercasedText), .text(start.description), .text(end.description)]) { row in
            if let day = row[0].text.flatMap({ LocalDay($0) }), let outcome = row[1].text.flatMap(AnchorOutcome.init(rawValue:)) {
                outcomes[day] = outcome
            }
        }
        return outcomes
    }

    /// Every anchor's mark of `day` that holds an outcome, by anchor id.
    package func resolutions(on day: LocalDay) throws -> [UUID: AnchorResolution] {
        var marks: [UUID: AnchorResolution] = [:]
        try db.forEachRow("""
            SELECT \(AnchorRecords.resolutionColumns) FROM anchor_resolutions WHERE day = ? AND outcome IS NOT NULL ORDER BY resolved_at
            """, [.text(day.description)]) { row in
            let mark = AnchorRecords.resolution(row)
            marks[mark.anchorID] = mark
        }
        return marks
    }

    /// When marks were made from `start` up to (not including) `end`: the instants a person marked an
    /// anchor, for the days they engaged (rule F-5).
    package func markTimes(from start: Date, before end: Date) throws -> [Date] {
        try db.rows("""
            SELECT resolved_at FROM anchor_resolutions WHERE resolved_at >= ? AND resolved_at < ? AND outcome IS NOT NULL
            """, [.text(Instant.storageText(start)), .text(Instant.storageText(end))]).compactMap { $0[0].text.flatMap(Instant.parseStorageText) }
    }

    /// Saves the mark of `anchor` for `day` as part of `work`: `outcome` at the action's clock, under the
    /// id derived from (anchor, day), before-image captured. Returns it as stored.
    @discardableResult
    package func mark(_ anchor: UUID, on day: LocalDay, _ outcome: AnchorOutcome, in work: UnitOfWork) throws -> AnchorResolution {
        let id = try DerivedID.anchorResolution(anchor: anchor, day: day, in: db)
        try work.journal.capture("anchor_resolutions", key: id.lowercasedText)
        let mark = AnchorResolution(id: id, anchorID: anchor, day: day, outcome: outcome, resolvedAt: work.now, modifiedAt: work.now)
        try db.run(AnchorRecords.upsertResolution, AnchorRecords.bindings(mark))
        return mark
    }
}

extension Store {
    /// The store's anchors and their marks.
    package var anchors: AnchorRepository {
        AnchorRepository(db: db)
    }
}
