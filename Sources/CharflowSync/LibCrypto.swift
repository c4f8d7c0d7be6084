import CLibCrypto
import Foundation

/// The few libcrypto (OpenSSL 3) functions a hub with a passphrase needs, found at run time with
/// `dlopen` rather than linked, as libpq's are (`LibPQ.swift`).
///
/// Only a sync with a blind hub loads it (libpq itself loads the same library for TLS), so every
/// other command starts without it and the static build stays whole. Sync then says libcrypto is
/// missing instead of failing to start.
struct LibCrypto {
    typealias Context = OpaquePointer
    typealias Bytes = UnsafeMutablePointer<UInt8>
    typealias ConstBytes = UnsafePointer<UInt8>

    let scrypt: @convention(c) (UnsafePointer<CChar>?, Int, ConstBytes?, Int, UInt64, UInt64, UInt64, UInt64, Bytes?, Int) -> Int32
    let randomBytes: @convention(c) (Bytes?, Int32) -> Int32
    let contextNew: @convention(c) () -> Context?
    let contextFree: @convention(c) (Context?) -> Void
    let contextControl: @convention(c) (Context?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    let aes256GCM: @convention(c) () -> OpaquePointer?
    let encryptInit: @convention(c) (Context?, OpaquePointer?, OpaquePointer?, ConstBytes?, ConstBytes?) -> Int32
    let encryptUpdate: @convention(c) (Context?, Bytes?, UnsafeMutablePointer<Int32>?, ConstBytes?, Int32) -> Int32
    let encryptFinal: @convention(c) (Context?, Bytes?, UnsafeMutablePointer<Int32>?) -> Int32
    let decryptInit: @convention(c) (Context?, OpaquePointer?, OpaquePointer?, ConstBytes?, ConstBytes?) -> Int32
    let decryptUpdate: @convention(c) (Context?, Bytes?, UnsafeMutablePointer<Int32>?, ConstBytes?, Int32) -> Int32
    let decryptFinal: @convention(c) (Context?, Bytes?, UnsafeMutablePointer<Int32>?) -> Int32

    /// `EVP_CTRL_GCM_GET_TAG` and `EVP_CTRL_GCM_SET_TAG`, from the header.
    static let getTag = Int32(EVP_CTRL_GCM_GET_TAG)
    static let setTag = Int32(EVP_CTRL_GCM_SET_TAG)

    /// The loaded library, or nil when no libcrypto could be loaded.
    static let shared: LibCrypto? = LibCrypto()

    /// The library, or the refusal that says it is missing.
    static func loaded() throws -> LibCrypto {
        guard let shared else { throw SyncError.cryptoMissing }
        return shared
    }

    private init?() {
        var opened: UnsafeMutableRawPointer?
        for name in ["libcrypto.so.3", "libcrypto.so"] where opened == nil { opened = dlopen(name, RTLD_NOW) }
        guard let handle = opened else { return nil }
        func load<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let scrypt = load("EVP_PBE_scrypt", as: (@convention(c) (UnsafePointer<CChar>?, Int, ConstBytes?, Int, UInt64, UInt64, UInt64,
                                                                          UInt64, Bytes?, Int) -> Int32).self),
              let randomBytes = load("RAND_bytes", as: (@convention(c) (Bytes?, Int32) -> Int32).self),
              let contextNew = load("EVP_CIPHER_CTX_new", as: (@convention(c) () -> Context?).self),
              let contextFree = load("EVP_CIPHER_CTX_free", as: (@convention(c) (Context?) -> Void).self),
              let contextControl = load("EVP_CIPHER_CTX_ctrl", as: (@convention(c) (Context?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32).self),
              let aes256GCM = load("EVP_aes_256_gcm", as: (@convention(c) () -> OpaquePointer?).self),
              let encryptInit = load("EVP_EncryptInit_ex", as: (@convention(c) (Context?, OpaquePointer?, OpaquePointer?, ConstBytes?, ConstBytes?) -> Int32).self),
              let encryptUpdate = load("EVP_EncryptUpdate",
                                       as: (@convention(c) (Context?, Bytes?, UnsafeMutablePointer<Int32>?, ConstBytes?, Int32) -> Int32).self),
              let encryptFinal = load("EVP_EncryptFinal_ex", as: (@convention(c) (Context?, Bytes?, UnsafeMutablePointer<Int32>?) -> Int32).self),
              let decryptInit = load("EVP_DecryptInit_ex", as: (@convention(c) (Context?, OpaquePointer?, OpaquePointer?, ConstBytes?, ConstBytes?) -> Int32).self),
              let decryptUpdate = load("EVP_DecryptUpdate",
                                       as: (@convention(c) (Context?, Bytes?, UnsafeMutablePointer<Int32>?, ConstBytes?, Int32) -> Int32).self),
              let decryptFinal = load("EVP_DecryptFinal_ex", as: (@convention(c) (Context?, Bytes?, UnsafeMutablePointer<Int32>?) -> Int32).self)
        else { return nil }
        self.scrypt = scrypt
        self.randomBytes = randomBytes
        self.contextNew = contextNew
        self.contextFree = contextFree
        self.contextControl = contextControl
        self.aes256GCM = aes256GCM
        self.encryptInit = encryptInit
        self.encryptUpdate = encryptUpdate
        self.encryptFinal = encryptFinal
        self.decryptInit = decryptInit
        self.decryptUpdate = decryptUpdate
        self.decryptFinal = decryptFinal
    }
}
