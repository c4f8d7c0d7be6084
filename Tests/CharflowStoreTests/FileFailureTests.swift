import CharflowCore
import CharflowStore
import CharflowTestSupport
import Testing

/// The failures of an export's or an import's file: each has its code, its sentence and its kind.
@Suite("File failures")
struct FileFailureTests {
    /// One of every case.
    static let failures: [FileFailure] = [
        .exportTarget("/tmp"), .writeFailed("No space left on device"), .exportSalvaged(["tasks", "habits"]),
        .importRefused(ImportError(place: "line 3", message: "not valid JSON")),
    ]

    @Test("Every file failure has a code, a sentence and a kind, and no next step", arguments: failures)
    func complete(_ failure: FileFailure) {
        expectTrue(!failure.code.isEmpty)
        expectTrue(failure.code.allSatisfy { $0.isLowercase || $0 == "_" })
        expectTrue(!failure.message.isEmpty)
        expectLacks(failure.message, "--", "no command-line flag in \(failure.message)")
        expectEqual(failure.hint, nil)
    }

    @Test("A path or a file that cannot be used is bad input; a write that fails or a damaged store is unavailable")
    func kinds() {
        expectEqual(Self.failures.map(\.kind), [.badInput, .unavailable, .unavailable, .badInput])
        expectEqual(Self.failures.map(\.code), ["bad_output", "write_failed", "export_partial", "import_refused"])
    }

    @Test("An import refusal names where the file broke")
    func importPlace() {
        expectEqual(Self.failures[3].message, "Import refused at line 3: not valid JSON. Nothing was changed.")
    }

    @Test("An export to a folder is refused before anything is written")
    func folderTarget() throws {
        let store = try StoreFixture()
        #expect(throws: FileFailure.exportTarget(store.folder.path)) { _ = try ExportFile(path: store.folder.path) }
    }
}
