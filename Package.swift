// swift-tools-version: 6.0
import PackageDescription

// Bit counts as one instruction (POPCNT) rather than a dozen, for the QR encoder, whose mask
// penalties are counted a line of bits at a time: a connect link encodes in 6.8 µs instead of 8.2
// (docs/PERFORMANCE.md). Every x86-64 processor since 2008 has it (it is in x86-64-v2, RHEL 9's
// baseline), but Swift targets the 2003 baseline by default. Clang's target features are the ones
// Swift's code generation uses, hence `-Xcc`. Linux only: Apple's toolchains choose for their own
// platforms. (Rin's Jaro–Winkler counts bits too, and gained 1–2 %, within this machine's noise.)
#if arch(x86_64)
let bitCounting: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-mpopcnt"], .when(platforms: [.linux]))]
#else
let bitCounting: [SwiftSetting] = []
#endif

let package = Package(
    name: "Kindred",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "kindred", targets: ["kindred"]),
        .library(name: "KindredSDK", targets: ["KindredSDK"]),
        .library(name: "InnovationEngineCore", targets: ["InnovationEngineCore"]),
        .library(name: "DateAnInterventionCore", targets: ["DateAnInterventionCore"]),
        .library(name: "KinnectCore", targets: ["KinnectCore"]),
        .library(name: "MemoriesCore", targets: ["MemoriesCore"]),
        .library(name: "RinAppShell", targets: ["RinAppShell"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.115.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.12.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.8.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.10.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.1.0"),
        .package(url: "https://github.com/vapor/swift-openapi-vapor.git", from: "1.0.1"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.10.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.1.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/vapor/websocket-kit.git", from: "2.15.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    ],
    targets: [
        // MARK: - shared

        /// The wire contract: types, client and server protocol generated from `openapi.yaml`.
        .target(
            name: "KindredAPI",
            dependencies: [
                "MemoriesCanvas",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            // Also shipped as a resource: the server reads its bounds, security and methods at
            // start-up (`Contract`), so what the document says is what is enforced.
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),

        /// ISO/IEC 18004 QR codes in pure Swift (no CoreImage), rendered to SVG and PNG.
        .target(name: "KindredQR", dependencies: [
            .product(name: "CompressNIO", package: "compress-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
        ], swiftSettings: bitCounting),

        /// Innovation Engine's constellation layout: deterministic, shared by the server and the apps.
        .target(name: "InnovationEngineLayout"),

        /// Memories' page format: the canvas, its operations and its checks, shared by the server,
        /// the contract's types and the apps.
        .target(name: "MemoriesCanvas"),

        /// Rin's address-book formats: vCard 3.0/4.0 (and 2.1 exports) read and written, and
        /// Google and Outlook CSV exports read; shared by the server's import and the apps.
        .target(name: "RinFormats"),

        /// Rin's matching: normalised e-mail addresses, names and birthdays, and the rules for
        /// which two contacts are one person; shared by the server and the apps.
        .target(name: "RinMatching", dependencies: ["RinFormats"]),

        /// Rin's rules of who sees which field: circles and their templates, the policy grid,
        /// overrides, and the one resolution the server and the apps (for previews) share.
        .target(name: "RinPolicy"),

        // MARK: - client

        /// The Swift SDK: sessions, token storage, refresh, retries, realtime. No UI imports.
        .target(
            name: "KindredSDK",
            dependencies: [
                "KindredAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                // URLSession has no WebSockets on Linux; WebSocketKit carries realtime there.
                .product(name: "WebSocketKit", package: "websocket-kit", condition: .when(platforms: [.linux])),
                // Nor does it stream response bodies there; AsyncHTTPClient does (chat replies).
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client", condition: .when(platforms: [.linux])),
            ]
        ),

        /// Innovation Engine's client logic: `@MainActor @Observable` models over the SDK.
        .target(name: "InnovationEngineCore", dependencies: ["KindredSDK", "KindredQR", "InnovationEngineLayout"]),
        .executableTarget(name: "InnovationEngineBenchmarks", dependencies: ["InnovationEngineLayout", "KindredQR"]),
        /// Rin's matching on a generated address book, timed and scored (scripts/bench-rin-matching).
        .executableTarget(name: "RinBenchmarks", dependencies: ["RinFormats", "RinMatching"]),
        /// Rin's network score: the link graph, its centrality, the four components, penalties and
        /// explanations (docs/RIN-PART2.md §4). Foundation only, shared by the server and the apps.
        .target(name: "RinScoring", dependencies: ["RinMatching"]),

        /// Date An Intervention's client logic: deck, profile, chat and matches models over the SDK.
        .target(name: "DateAnInterventionCore", dependencies: ["KindredSDK"]),

        /// Kinnect's client logic: profile, follow button and follow-request models over the SDK.
        .target(name: "KinnectCore", dependencies: ["KindredSDK"]),

        /// Memories' client logic: friends, the shelf, the book, the letter composer and the page editor.
        .target(name: "MemoriesCore", dependencies: ["KindredSDK", "MemoriesCanvas"]),

        /// Rin's client core: the operations over the SDK, the per-account cache, the queue of
        /// changes made offline, and `rin://` routes. Rin's features depend on it and nothing else.
        .target(name: "RinCore", dependencies: ["KindredSDK", "RinMatching"]),
        /// Rin's features (docs/RIN.md §3): view models and a coordinator each; a feature never
        /// depends on another (RinArchitectureTests enforces it).
        .target(name: "RinContacts", dependencies: ["RinCore"]),
        .target(name: "RinCircles", dependencies: ["RinCore"]),
        .target(name: "RinProfiles", dependencies: ["RinCore"]),
        .target(name: "RinOnboarding", dependencies: ["RinCore"]),
        .target(name: "RinSettings", dependencies: ["RinCore"]),
        .target(name: "RinScore", dependencies: ["RinCore"]),
        .target(name: "RinSecurity", dependencies: ["RinCore"]),
        /// Rin's tabs, `rin://` dispatch and sign-in gating: the one place that sees every feature.
        .target(name: "RinAppShell", dependencies: ["RinContacts", "RinCircles", "RinProfiles", "RinOnboarding", "RinSettings",
                                                    "RinScore", "RinSecurity"]),

        // MARK: - server

        .target(
            name: "KindredServer",
            dependencies: [
                "KindredAPI",
                "KindredQR",
                "InnovationEngineLayout",
                "MemoriesCanvas",
                "RinFormats",
                "RinMatching",
                "RinScoring",
                "RinPolicy",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIVapor", package: "swift-openapi-vapor"),
                .product(name: "Yams", package: "Yams"),
                // The web client's text, gzipped once at start-up (`WebClientFiles`).
                .product(name: "CompressNIO", package: "compress-nio"),
                // The realtime socket's RFC 6455 guards sit in the NIO pipeline.
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The SMTP client's STARTTLS and implicit TLS (Vapor already builds it).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // `/metrics` in Prometheus' text format.
                .product(name: "Prometheus", package: "swift-prometheus"),
                // "Download my data": one ZIP of the account's rows and files.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("DateAnIntervention/Catalogue/interventions.json")]
        ),
        .executableTarget(
            name: "kindred",
            dependencies: ["KindredServer"]
        ),

        // MARK: - tests

        /// Builds a real Kindred server per test (SQLite, or a cloned PostgreSQL database).
        .target(
            name: "KindredTestSupport",
            dependencies: [
                "KindredServer",
                .product(name: "VaporTesting", package: "vapor"),
            ],
            path: "Tests/KindredTestSupport"
        ),
        .testTarget(
            name: "KindredServerTests",
            dependencies: [
                "KindredServer", "KindredTestSupport", "SeededRandom",
                // The network's layout, to hold the server's cached one to a fresh one.
                "InnovationEngineLayout",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                // Reads back the data export's ZIP.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // Reads back the web client's gzipped files.
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            // The servers on loopback the tests start with the test venv's Python: SMTP (aiosmtpd),
            // S3 (moto), a Web Push service and APNs (h2), and what the last three share.
            exclude: ["Support/smtp_sink.py", "Support/s3_server.py", "Support/push_service.py", "Support/apns_server.py",
                      "Support/loopback.py"]
        ),
        /// A seeded random generator shared by the randomised tests.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "KindredQRTests", dependencies: [
            "KindredQR", "SeededRandom",
            .product(name: "CompressNIO", package: "compress-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
        ], exclude: ["decode.py"]),
        .testTarget(name: "InnovationEngineLayoutTests", dependencies: ["InnovationEngineLayout"]),
        .testTarget(
            name: "InnovationEngineCoreTests",
            dependencies: ["InnovationEngineCore", "KindredServer", "KindredTestSupport"]
        ),
        .testTarget(
            name: "DateAnInterventionCoreTests",
            dependencies: ["DateAnInterventionCore", "KindredServer", "KindredTestSupport"]
        ),
        .testTarget(
            name: "KinnectCoreTests",
            dependencies: ["KinnectCore", "KindredServer", "KindredTestSupport"]
        ),
        .testTarget(name: "MemoriesCanvasTests", dependencies: ["MemoriesCanvas"]),
        .testTarget(name: "RinFormatsTests", dependencies: ["RinFormats", "SeededRandom"]),
        .testTarget(name: "RinMatchingTests", dependencies: ["RinMatching", "SeededRandom"]),
        .testTarget(name: "RinScoringTests", dependencies: ["RinScoring", "SeededRandom"]),
        .testTarget(name: "RinPolicyTests", dependencies: ["RinPolicy"]),
        .testTarget(
            name: "RinCoreTests",
            dependencies: ["RinCore", "RinContacts", "RinCircles", "RinProfiles", "RinOnboarding", "RinSettings", "RinScore", "RinSecurity",
                           "RinAppShell",
                           "KindredServer", "KindredTestSupport"]
        ),
        .testTarget(
            name: "MemoriesCoreTests",
            dependencies: ["MemoriesCore", "KindredServer", "KindredTestSupport"]
        ),
        .testTarget(
            name: "KindredSDKTests",
            dependencies: ["KindredSDK", "KindredServer", "KindredTestSupport", .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession")]
        ),
    ]
)
