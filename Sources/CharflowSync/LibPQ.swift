import CLibPQ
import Foundation

/// libpq's functions, found at run time with `dlopen` rather than linked.
///
/// The installed `charflow` is one static executable, and libpq has no complete static form (its
/// archive needs Kerberos and LDAP archives Debian does not ship); loading `libpq.so.5` when a sync
/// starts keeps that build whole, and a machine without libpq still runs every other command. Sync
/// then says libpq is missing instead of failing to start.
struct LibPQ {
    typealias Connection = OpaquePointer
    typealias Result = OpaquePointer
    typealias Strings = UnsafePointer<UnsafePointer<CChar>?>?

    let connectdbParams: @convention(c) (Strings, Strings, Int32) -> Connection?
    let status: @convention(c) (Connection?) -> ConnStatusType
    let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
    let finish: @convention(c) (Connection?) -> Void
    let execParams: @convention(c) (Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, Strings,
                                    UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Result?
    let exec: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Result?
    /// `execParams` without waiting: the answer is read with `getResult` (a push's next page is
    /// built while the hub writes this one).
    let sendQueryParams: @convention(c) (Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, Strings,
                                         UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32
    let getResult: @convention(c) (Connection?) -> Result?
    let resultStatus: @convention(c) (Result?) -> ExecStatusType
    let ntuples: @convention(c) (Result?) -> Int32
    let nfields: @convention(c) (Result?) -> Int32
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    /// One field of a failed statement's error (`PQresultErrorField`): `primaryMessage` or `sqlState`.
    let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let clear: @convention(c) (Result?) -> Void
    let setNoticeProcessor: @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let conninfoParse: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
        -> UnsafeMutablePointer<PQconninfoOption>?
    let conninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// The connection's socket, to wait on for notifications (`HubListener`).
    let socket: @convention(c) (Connection?) -> Int32
    let consumeInput: @convention(c) (Connection?) -> Int32
    let notifies: @convention(c) (Connection?) -> UnsafeMutablePointer<PGnotify>?

    /// `PG_DIAG_MESSAGE_PRIMARY` and `PG_DIAG_SQLSTATE`, from the header (character macros, which Swift
    /// does not import).
    static let primaryMessage = Int32(UInt8(ascii: "M"))
    static let sqlState = Int32(UInt8(ascii: "C"))

    /// The loaded library, or nil when no libpq could be loaded.
    static let shared: LibPQ? = LibPQ()

    private init?() {
        let names: [String] = ["libpq.so.5", "libpq.so"]
        var opened: UnsafeMutableRawPointer?
        for name in names where opened == nil { opened = dlopen(name, RTLD_NOW) }
        guard let handle = opened else { return nil }
        func load<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let connectdbParams = load("PQconnectdbParams", as: (@convention(c) (Strings, Strings, Int32) -> Connection?).self),
              let status = load("PQstatus", as: (@convention(c) (Connection?) -> ConnStatusType).self),
              let errorMessage = load("PQerrorMessage", as: (@convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?).self),
              let finish = load("PQfinish", as: (@convention(c) (Connection?) -> Void).self),
              let execParams = load("PQexecParams", as: (@convention(c) (Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, Strings,
                                                                          UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Result?).self),
              let exec = load("PQexec", as: (@convention(c) (Connection?, UnsafePointer<CChar>?) -> Result?).self),
              let sendQueryParams = load("PQsendQueryParams", as: (@convention(c) (Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
                                                                                   Strings, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32).self),
              let getResult = load("PQgetResult", as: (@convention(c) (Connection?) -> Result?).self),
              let resultStatus = load("PQresultStatus", as: (@convention(c) (Result?) -> ExecStatusType).self),
              let ntuples = load("PQntuples", as: (@convention(c) (Result?) -> Int32).self),
              let nfields = load("PQnfields", as: (@convention(c) (Result?) -> Int32).self),
              let getisnull = load("PQgetisnull", as: (@convention(c) (Result?, Int32, Int32) -> Int32).self),
              let getvalue = load("PQgetvalue", as: (@convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?).self),
              let resultErrorField = load("PQresultErrorField", as: (@convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?).self),
              let clear = load("PQclear", as: (@convention(c) (Result?) -> Void).self),
              let setNoticeProcessor = load("PQsetNoticeProcessor",
                                            as: (@convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?).self),
              let conninfoParse = load("PQconninfoParse",
                                       as: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
                                           -> UnsafeMutablePointer<PQconninfoOption>?).self),
              let conninfoFree = load("PQconninfoFree", as: (@convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void).self),
              let freemem = load("PQfreemem", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
              let socket = load("PQsocket", as: (@convention(c) (Connection?) -> Int32).self),
              let consumeInput = load("PQconsumeInput", as: (@convention(c) (Connection?) -> Int32).self),
              let notifies = load("PQnotifies", as: (@convention(c) (Connection?) -> UnsafeMutablePointer<PGnotify>?).self)
        else { return nil }
        self.connectdbParams = connectdbParams
        self.status = status
        self.errorMessage = errorMessage
        self.finish = finish
        self.execParams = execParams
        self.exec = exec
        self.sendQueryParams = sendQueryParams
        self.getResult = getResult
        self.resultStatus = resultStatus
        self.ntuples = ntuples
        self.nfields = nfields
        self.getisnull = getisnull
        self.getvalue = getvalue
        self.resultErrorField = resultErrorField
        self.clear = clear
        self.setNoticeProcessor = setNoticeProcessor
        self.conninfoParse = conninfoParse
        self.conninfoFree = conninfoFree
        self.freemem = freemem
        self.socket = socket
        self.consumeInput = consumeInput
        self.notifies = notifies
    }
}
