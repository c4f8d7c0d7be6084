import CLibICal
import CharflowCore
import Foundation

/// libical, opened with `dlopen` the first time a calendar is read (see `Sources/CLibICal/shim.h`).
///
/// All use of libical goes through `withLibrary`, one caller at a time: the parser's property
/// iterators live inside the components and its string buffers are shared, so two threads reading at
/// once could see each other's state. Reading a calendar is never on a command's path, so the wait
/// costs nothing that matters. A machine without libical gets `CalendarFailure.libraryMissing`.
enum LibICal {
    private static let loaded: Bool = charflow_ical_load() == 1
    private static let lock = NSLock()

    /// Runs `body` with libical loaded and held for this caller alone.
    static func withLibrary<T>(_ body: () throws(CalendarFailure) -> T) throws(CalendarFailure) -> T {
        guard loaded else { throw .libraryMissing(library: "libical", package: "libical3") }
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// A copy of a C string libical owns, or nil.
    static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
