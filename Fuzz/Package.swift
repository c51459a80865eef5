// swift-tools-version:5.4
import PackageDescription

// libFuzzer targets over every input format, one executable per target (docs/architecture.md,
// Testing → Fuzzing). A package of its own so `swift build`/`swift test` of hingesim never build
// it; bin/fuzz builds it with
//   swift build -c release --package-path Fuzz --scratch-path .build/fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// libFuzzer supplies `main`; each target defines `LLVMFuzzerTestOneInput` (no main.swift).
// Tools version 5.4 on purpose: from 5.5 on SwiftPM compiles an executable's entry point as
// `<module>_main` and links `--defsym main=<module>_main`, which fails without a Swift `main`.
// The fuzz sources use the Swift 5 language mode; the hingesim modules keep their own (6).
let targets = [
  "applog", "cdp", "csv", "evemu", "hyphencache", "jsonl", "libinput", "profile", "report", "script", "stream",
  "typeset",
  "websocket", "pagereport", "cdpflood", "png", "keys",
]
// The browser's protocols (CDP on the pipe, the WebSocket and its HTTP handshake) are in Backends.
let backends: Set<String> = ["cdp", "websocket", "pagereport", "cdpflood"]

let package = Package(
  name: "hingesim-fuzz",
  platforms: [.macOS("14.0")],
  dependencies: [.package(name: "hingesim", path: "..")],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "EventStream", package: "hingesim"),
        .product(name: "Inputs", package: "hingesim"),
        .product(name: "Knob", package: "hingesim"),
        .product(name: "Reader", package: "hingesim"),
        .product(name: "AppLogs", package: "hingesim"),
        .product(name: "Simulator", package: "hingesim"),
        .product(name: "Timing", package: "hingesim"),
        .product(name: "Typesetter", package: "hingesim"),
      ])
  ]
    + targets.map {
      .executableTarget(
        name: "fuzz-\($0)",
        dependencies: ["FuzzSupport"] + (backends.contains($0) ? [.product(name: "Backends", package: "hingesim")] : [])
          + ($0 == "png" ? [.product(name: "Shots", package: "hingesim")] : [])
      )
    }
)
