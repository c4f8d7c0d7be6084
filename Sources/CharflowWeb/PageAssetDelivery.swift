import CharflowCore
import Foundation

/// The page's own files as a browser keeps them: under an address that names their version, cached for a
/// year and never asked again, and compressed with gzip when the browser takes it.
///
/// The version is a hash of every embedded file's bytes, computed once: a new build with any change has a
/// new version, so a cached file is never stale. The modules import each other by relative path
/// (`./words.mjs`), so they share one folder, `/v/VERSION/`, and need no rewriting. The HTML at `/` is not
/// cached (it carries the write token) and names these addresses. Each file's gzip is made once, at first use.
enum PageAssetDelivery {
    /// The folder every file of this build is served under.
    static let version: String = {
        // FNV-1a, 64 bits, over each file's name and bytes: a change of content, not a secret.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for asset in PageAssets.Asset.allCases {
            for byte in Array(asset.rawValue.utf8) + [0] + asset.bytes + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }()

    /// The address of `asset` in this build.
    static func path(_ asset: PageAssets.Asset) -> String {
        "/v/\(version)/\(asset.rawValue)"
    }

    /// Each file in gzip's format, made on first use (zlib is opened then, with dlopen).
    static let gzipped: [PageAssets.Asset: [UInt8]] = Dictionary(uniqueKeysWithValues: PageAssets.Asset.allCases.compactMap { asset in
        gzip(asset.bytes).map { (asset, $0) }
    })

    /// The answer for `GET /v/VERSION/FILE`: the file, cached for a year and marked immutable, gzipped when
    /// `acceptEncoding` takes gzip; 404 for another build's version, a name that is no file of the page, or
    /// the service worker.
    static func response(version asked: String?, file: String?, acceptEncoding: String?) -> WebResponse {
        // The service worker is never kept for good: it is answered at `/worker.mjs` alone (PublicFiles).
        guard asked == version, let file, let asset = PageAssets.Asset(rawValue: file), asset != .worker else {
            return .error(404, code: "not_found", message: WebMessages.notFound)
        }
        var headers = [("Cache-Control", "public, max-age=31536000, immutable"), ("Vary", "Accept-Encoding")]
        var body = asset.bytes
        if takesGzip(acceptEncoding), let packed = gzipped[asset] {
            body = packed
            headers.append(("Content-Encoding", "gzip"))
        }
        return WebResponse(status: 200, contentType: asset.contentType, body: body, headers: headers)
    }

    /// Whether an Accept-Encoding header takes gzip: named (or `*`) without `q=0`.
    static func takesGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, name == "gzip" || name == "x-gzip" || name == "*" else { continue }
            let refused = parts.dropFirst().contains { part in
                guard part.hasPrefix("q=") else { return false }
                return (Double(part.dropFirst(2)) ?? 1) == 0
            }
            return !refused
        }
        return false
    }

    /// `bytes` compressed with zlib in gzip's format, or nil when zlib is not on this machine or refused
    /// (then the files go uncompressed).
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        Deflate.compress(bytes, format: .gzip)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
