// swift-tools-version:6.1
// The benchmarks of glass-audit (issue #6). A package of their own so that
// `swift build` and `swift test` of the main package never build
// package-benchmark. Run from this folder:
//   swift package --allow-writing-to-package-directory benchmark
import PackageDescription

let package = Package(
  name: "glass-audit-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // Named, because a path dependency is otherwise known by its folder name
    // (which differs between clones and worktrees).
    .package(name: "glass-audit", path: ".."),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // Finds the repository's fixtures (layouts/, wallpapers/) from #filePath.
    .target(
      name: "BenchmarkFixtures",
      dependencies: [
        .product(name: "ContrastCore", package: "glass-audit"),
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    // glass-audit's blur as a command, for compare.sh.
    .executableTarget(
      name: "blur-tool",
      dependencies: [.product(name: "ContrastCore", package: "glass-audit")]
    ),
    .executableTarget(
      name: "PNGDecode",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "ContrastCore", package: "glass-audit"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/PNGDecode",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "Blur",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "ContrastCore", package: "glass-audit"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/Blur",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "Audit",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "ContrastCore", package: "glass-audit"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/Audit",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ReportJSON",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "ContrastCore", package: "glass-audit"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ReportJSON",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
