import CharflowTestSupport
@testable import CharflowWeb
import Foundation
import Testing

/// The page's files as the build embeds them (the `EmbedPage` plugin): byte for byte the files in
/// `Sources/CharflowWeb/Page`, every one of them served.
@Suite struct PageFilesTests {
    /// `Sources/CharflowWeb/Page`, found from this file's place in the checkout.
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources/CharflowWeb/Page")

    @Test("D17 each of the page's files is compiled in byte for byte as it is on disk, and each file there is compiled in")
    func embeddedAsWritten() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }.sorted()
        expectEqual(names.count, PageAssets.Asset.allCases.count + 1, "a file of the page that is no asset: \(names)")
        for name in names where name != "page.html" {
            let asset = try #require(PageAssets.Asset(rawValue: name), "\(name) is in Page/ but not an asset of the page")
            let onDisk = try Data(contentsOf: Self.folder.appending(path: name))
            expectEqual(asset.bytes, Array(onDisk), "\(name) is not embedded as written")
        }
        let shell = try Data(contentsOf: Self.folder.appending(path: "page.html"))
        expectEqual(Array(PageAssets.Texts.page.utf8), Array(shell))
    }
}
