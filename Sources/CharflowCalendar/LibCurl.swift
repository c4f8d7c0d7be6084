import CLibCurl
import CharflowCore

/// libcurl, opened with `dlopen` the first time a calendar is fetched (see `Sources/CLibCurl/shim.h`).
///
/// Its global set-up runs once, when this is first touched, before any transfer. A machine without
/// libcurl gets `CalendarFailure.libraryMissing`; files and folders are read without it.
enum LibCurl {
    private static let loaded: Bool = charflow_curl_load() == 1

    /// Throws when no libcurl could be loaded.
    static func require() throws(CalendarFailure) {
        guard loaded else { throw .libraryMissing(library: "libcurl", package: "libcurl4") }
    }
}
