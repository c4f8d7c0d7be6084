// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Charflow",
    products: [
        .library(name: "CharflowCore", targets: ["CharflowCore"]),
        .library(name: "CharflowStore", targets: ["CharflowStore"]),
        .library(name: "CharflowApp", targets: ["CharflowApp"]),
        .library(name: "CharflowSync", targets: ["CharflowSync"]),
        .executable(name: "charflow", targets: ["charflow"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CLibCrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(name: "CharflowCore"),
        .target(name: "CharflowStore", dependencies: ["CharflowCore", "CSQLite"]),
        .target(name: "CharflowApp", dependencies: ["CharflowCore", "CharflowStore", "CharflowSync"]),
        // The page's HTML, CSS and scripts (Sources/CharflowWeb/Page) are compiled into the binary: nothing is served from disk (D17).
        .target(name: "CharflowWeb", dependencies: ["CharflowCore", "CharflowStore", "CharflowApp", "CMicroHTTPD"],
                resources: [.embedInCode("Page")]),
        .target(name: "CharflowSync", dependencies: ["CharflowCore", "CharflowStore", "CLibPQ", "CLibCrypto"]),
        .executableTarget(name: "charflow", dependencies: ["CharflowCore", "CharflowApp", "CharflowWeb", "CharflowSync"]),
        .executableTarget(name: "charflow-bench", dependencies: ["CharflowStore", "CharflowCore", "CSQLite", "CLibPQ"]),
        // What the test targets share (a seeded generator, the tests' temporary folders); not part of any product.
        .target(name: "CharflowTestSupport", dependencies: ["CharflowCore"], path: "Tests/CharflowTestSupport"),
        .target(name: "CharflowStoreSetup", dependencies: ["CharflowApp", "CharflowStore", "CharflowCore", "CharflowTestSupport"],
                path: "Tests/CharflowStoreSetup"),
        .testTarget(name: "CharflowCoreTests", dependencies: ["CharflowCore", "CharflowTestSupport"]),
        .testTarget(name: "CharflowStoreTests", dependencies: ["CharflowStore", "CharflowCore", "CSQLite", "CharflowTestSupport",
                                                            "CharflowApp", "CharflowStoreSetup"]),
        .testTarget(name: "CharflowAppTests", dependencies: ["CharflowApp", "CharflowStore", "CharflowCore", "CharflowTestSupport", "CharflowStoreSetup"]),
        .testTarget(name: "CharflowWebTests", dependencies: ["CharflowWeb", "CharflowApp", "CharflowStore", "CharflowCore", "CharflowTestSupport"]),
        .testTarget(name: "CharflowCLITests", dependencies: ["charflow", "CharflowApp", "CharflowSync", "CharflowStore", "CharflowCore", "CharflowTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "CharflowSyncTests", dependencies: ["CharflowSync", "CharflowStore", "CharflowCore", "CharflowTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
