import CharflowTestSupport
@testable import CharflowWeb
import Foundation
import Testing

/// The page's own files at their address of a build: cached for good, named by the page, gzipped once
/// for a browser that takes it, and 404 at another build's address.
@Suite struct PageAssetDeliveryTests {
    @Test("W-24 the page names each of its files at /v/VERSION/, served there cached for a year and immutable, the HTML still no-store")
    func versionedAddresses() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let page = try local.send("GET", "/")
        expectEqual(page.status, 200)
        expectEqual(page.values("Cache-Control"), ["no-store"])
        let version = PageAssetDelivery.version
        #expect(version.count == 16 && version.allSatisfy(\.isHexDigit))
        for asset in PageAssets.Asset.allCases where asset != .worker {
            let path = "/v/\(version)/\(asset.rawValue)"
            expectContains(page.body, "\"\(path)\"", "the page does not name \(path)")
            let answer = try local.send("GET", path)
            expectEqual(answer.status, 200, "\(path)")
            expectEqual(answer.values("Cache-Control"), ["public, max-age=31536000, immutable"], "\(path)")
            expectEqual(answer.values("Vary"), ["Accept-Encoding"])
            expectEqual(answer.values("Content-Type"), [asset.contentType])
            expectEqual(answer.values("Content-Security-Policy").count, 1, "the safety headers stay")
            expectEqual(Array(answer.body.utf8), asset.bytes, "\(path) is not the embedded file")
        }
        // Another build's address, a name that is no file of the page, or the service worker, which is
        // never kept for good: nothing there.
        for path in ["/v/0123456789abcdef/app.css", "/v/\(version)/secret.txt", "/v/\(version)/..%2Fstore.sqlite", "/v/\(version)/worker.mjs"] {
            let answer = try local.send("GET", path)
            expectEqual(answer.status, 404, "\(path)")
            expectEqual(answer.values("Cache-Control"), ["no-store"], "\(path)")
        }
        // Without the cookie, a file is 401 like every other address.
        try expectEqual(local.send("GET", "/v/\(version)/main.mjs", cookie: .some(nil)).status, 401)
    }

    @Test("M-5 the service worker is answered at /worker.mjs without a sign-in, never cached, never preloaded; only the network's page asks for it")
    func serviceWorker() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let worker = try local.send("GET", "/worker.mjs", cookie: .some(nil))
        expectEqual(worker.status, 200)
        expectEqual(worker.values("Content-Type"), ["text/javascript; charset=utf-8"])
        expectEqual(worker.values("Cache-Control"), ["no-store"])
        expectEqual(Array(worker.body.utf8), PageAssets.Asset.worker.bytes)
        try expectEqual(local.send("POST", "/worker.mjs", cookie: .some(nil)).status, 401, "only a read is public")
        let page = try local.send("GET", "/")
        expectLacks(page.body, "worker.mjs", "the page preloads the worker")
        expectContains(page.body, "<meta name=\"charflow-offline-copy\" content=\"none\">", "this machine's page asks for a copy")
        expectContains(page.body, PageAssetDelivery.path(.offline))
    }

    @Test("W-24 each file is gzipped once, chosen by Accept-Encoding, and gunzip gives back its bytes")
    func gzip() throws {
        expectTrue(PageAssetDelivery.takesGzip("gzip, deflate, br"))
        expectTrue(PageAssetDelivery.takesGzip("br;q=1.0, gzip;q=0.8"))
        expectTrue(PageAssetDelivery.takesGzip("*"))
        expectTrue(!PageAssetDelivery.takesGzip("gzip;q=0"))
        expectTrue(!PageAssetDelivery.takesGzip("br, deflate"))
        expectTrue(!PageAssetDelivery.takesGzip(nil))
        let version = PageAssetDelivery.version
        var total = (plain: 0, packed: 0)
        for asset in PageAssets.Asset.allCases where asset != .worker {
            let packed = PageAssetDelivery.response(version: version, file: asset.rawValue, acceptEncoding: "gzip, deflate, br")
            expectTrue(packed.headers.contains { $0 == ("Content-Encoding", "gzip") })
            expectTrue(packed.headers.contains { $0 == ("Vary", "Accept-Encoding") })
            try expectEqual(gunzip(packed.body), asset.bytes, "\(asset.rawValue) does not come back whole")
            let plain = PageAssetDelivery.response(version: version, file: asset.rawValue, acceptEncoding: "identity")
            expectTrue(!plain.headers.contains { $0.0 == "Content-Encoding" })
            expectEqual(plain.body, asset.bytes)
            total.plain += plain.body.count
            total.packed += packed.body.count
        }
        expectTrue(total.packed * 3 < total.plain, "gzip took \(total.plain) bytes only to \(total.packed)")
        // Made once: the same bytes each time.
        expectEqual(PageAssetDelivery.gzipped[.main], PageAssetDelivery.gzipped[.main])
    }

    /// `bytes` through the system's gunzip.
    func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0)
        return Array(data)
    }
}
