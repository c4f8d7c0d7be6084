// swift-tools-version:6.0
import PackageDescription

/// How the release executables are linked, so a command starts in the fewest instructions (see
/// docs/performance.md, "Start-up"): not position-independent (no relocation of every pointer at
/// each start), exporting no symbols of their own, and with SQLite, libstdc++ and libgcc linked in, so
/// that the dynamic loader binds only glibc. `build-support/static-libraries` holds links to Debian's
/// static archives; where one is missing the shared library is used instead. libmicrohttpd, libpq
/// and libcrypto stay shared: they are opened with `dlopen` by the commands that need them.
let startUpLinking: [LinkerSetting] = [
    .unsafeFlags(["-L", Context.packageDirectory + "/build-support/static-libraries",
                  "-Xclang-linker", "-no-pie", "-Xclang-linker", "-static-libgcc",
                  "-Xlinker", "--no-export-dynamic"],
                 .when(configuration: .release)),
]

/// How the release build compiles the code that runs at each start: a concrete generic type's metadata
/// (`KeyedDecodingContainer<Input.CodingKeys>`, `[UUID: String]`) is built by calling its accessor with
/// the conformances the compiler already knows, instead of from its mangled name, which makes the
/// runtime search every conformance record in the binary for each requirement (about 250,000
/// instructions a search, the first time each is asked in a process; docs/performance.md).
let startUpCompiling: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

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
        // Found on the linker's path, not through pkg-config, whose -L would put the shared library ahead
        // of the static one the release build links (see `startUpLinking`).
        .systemLibrary(
            name: "CSQLite",
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
        // Both opened with dlopen when a calendar is first read or fetched (their shims), so no command links them.
        .systemLibrary(
            name: "CLibICal",
            providers: [.apt(["libical-dev"])]
        ),
        .systemLibrary(
            name: "CLibCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // libqrencode, opened with dlopen when `charflow pair` draws its link on the terminal (its shim).
        .systemLibrary(
            name: "CQREncode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // gzip for the page's own files, each compressed once at first use (CharflowWeb, PageAssets).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libsystemd's D-Bus client, opened with dlopen when a reminder is first delivered (its shim); no
        // header or library is needed to build.
        .systemLibrary(name: "CSDBus"),
        // Writes each of the page's files as a Swift string literal for CharflowWeb (Plugins/EmbedPage).
        .plugin(name: "EmbedPage", capability: .buildTool()),
        .target(name: "CharflowCore", swiftSettings: startUpCompiling),
        .target(name: "CharflowStore", dependencies: ["CharflowCore", "CSQLite"], swiftSettings: startUpCompiling),
        .target(name: "CharflowApp", dependencies: ["CharflowCore", "CharflowStore", "CharflowSync", "CharflowCalendar"],
                swiftSettings: startUpCompiling),
        // The page's HTML, CSS and scripts (Sources/CharflowWeb/Page) are compiled into the binary as string literals
        // (the EmbedPage plugin): nothing is served from disk (D17).
        .target(name: "CharflowWeb", dependencies: ["CharflowCore", "CharflowStore", "CharflowApp", "CMicroHTTPD", "CLibCrypto", "CQREncode",
                                                    "CZlib"],
                exclude: ["Page"], swiftSettings: startUpCompiling, plugins: ["EmbedPage"]),
        .target(name: "CharflowSync", dependencies: ["CharflowCore", "CharflowStore", "CLibPQ", "CLibCrypto"], swiftSettings: startUpCompiling),
        // Read-only calendars: reading and expanding iCalendar (libical), fetching it (libcurl) (docs/calendars.md).
        .target(name: "CharflowCalendar", dependencies: ["CharflowCore", "CLibICal", "CLibCurl"], swiftSettings: startUpCompiling),
        // The desktop's notification service, where `serve` and `sync --watch` deliver reminders.
        .target(name: "CharflowDesktop", dependencies: ["CharflowCore", "CharflowApp", "CSDBus"], swiftSettings: startUpCompiling),
        .executableTarget(name: "charflow", dependencies: ["CharflowCore", "CharflowApp", "CharflowWeb", "CharflowSync", "CharflowDesktop"],
                          swiftSettings: startUpCompiling, linkerSettings: startUpLinking),
        // Linked as charflow is, so that the floor it measures is the same build's.
        .executableTarget(name: "charflow-bench", dependencies: ["CharflowStore", "CharflowCore", "CSQLite", "CLibPQ"],
                          swiftSettings: startUpCompiling, linkerSettings: startUpLinking),
        // What the test targets share (a seeded generator, the tests' temporary folders); not part of any product.
        .target(name: "CharflowTestSupport", dependencies: ["CharflowCore"], path: "Tests/CharflowTestSupport"),
        // The application's tests set a store up through the real use cases with these.
        .target(name: "CharflowAppSetup", dependencies: ["CharflowApp", "CharflowStore", "CharflowCore", "CharflowTestSupport"],
                path: "Tests/CharflowAppSetup"),
        .testTarget(name: "CharflowCoreTests", dependencies: ["CharflowCore", "CharflowTestSupport"]),
        .testTarget(name: "CharflowStoreTests", dependencies: ["CharflowStore", "CharflowCore", "CSQLite", "CharflowTestSupport"]),
        .testTarget(name: "CharflowAppTests", dependencies: ["CharflowApp", "CharflowStore", "CharflowCore", "CharflowTestSupport", "CharflowAppSetup", "CharflowSync", "CSQLite"]),
        .testTarget(name: "CharflowWebTests", dependencies: ["CharflowWeb", "CharflowApp", "CharflowStore", "CharflowCore", "CharflowTestSupport"]),
        .testTarget(name: "CharflowCLITests", dependencies: ["charflow", "CharflowWeb", "CharflowApp", "CharflowSync", "CharflowStore", "CharflowCore", "CharflowTestSupport",
                                                           "CharflowDesktop", "CLibPQ"],
                    exclude: ["Fixtures"],
                    // The tests' own sessions on their PostgreSQL server (PostgresConnections); the product opens libpq with dlopen.
                    linkerSettings: [.linkedLibrary("pq")]),
        .testTarget(name: "CharflowSyncTests", dependencies: ["CharflowSync", "CharflowStore", "CharflowCore", "CharflowTestSupport"]),
        .testTarget(name: "CharflowCalendarTests", dependencies: ["CharflowCalendar", "CharflowCore", "CharflowTestSupport"],
                    exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
