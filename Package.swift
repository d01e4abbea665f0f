// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "glass-audit",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "ContrastCore", targets: ["ContrastCore"]),
    .executable(name: "glass-audit", targets: ["glass-audit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    // The system SQLite library (report.sqlite): Debian's libsqlite3-dev,
    // macOS's own.
    .systemLibrary(
      name: "CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // The fast PNG path's loops; libdeflate is loaded at run time (dlopen),
    // so neither building nor running needs it.
    .target(
      name: "CFastPNG",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    // The C kernels (the contrast model eight or four entries at a time with
    // AVX-512 or AVX2, chosen at run time and capped by the caller; plain C
    // or the Swift reference elsewhere). Only ContrastCore/Engine imports it.
    .target(name: "CPixelKernel"),
    .target(
      name: "ContrastCore",
      dependencies: [
        "CPNG", "CFastPNG", "CPixelKernel", "CSQLite", .product(name: "Yams", package: "Yams"),
      ],
      // The shipped profiles (profiles/NAME.yml links to them), compiled
      // into the library as bytes, so the tool works from any directory and
      // needs no resource bundle beside it.
      resources: [
        .embedInCode("Material/Profiles/ios27.yml"),
        .embedInCode("Material/Profiles/ios26.yml"),
        .embedInCode("Material/Profiles/ios18.yml"),
        // The settings file `glass-audit init` writes.
        .embedInCode("Layout/Starter/glass-audit.yml"),
      ]
    ),
    .executableTarget(
      name: "glass-audit",
      dependencies: [
        "ContrastCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "PNGFixtureWriter",
      dependencies: ["CPNG"],
      path: "Tests/PNGFixtureWriter",
      linkerSettings: [.linkedLibrary("png16")]
    ),
    .testTarget(
      name: "ContrastCoreTests",
      dependencies: ["ContrastCore", "CPNG", "PNGFixtureWriter"]
    ),
    .testTarget(
      name: "GlassAuditCLITests",
      dependencies: ["glass-audit", "ContrastCore"]
    ),
  ]
)
