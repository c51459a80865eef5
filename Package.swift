// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "hingesim",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "hingesim", targets: ["hingesim"]),
    .library(name: "HingeSim", targets: ["HingeSim"]),
    // The fake evdev device as a shared library, for `LD_PRELOAD` by `hingesim bench knob` only.
    .library(name: "FakeEvdev", type: .dynamic, targets: ["CFakeEvdev"]),
  ],
  targets: [
    // System libraries (Debian packages; bin/test and bin/hingesim install them).
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
    .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev", "hyphen-en-us"])]),
    .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),

    // The simulator core: events, time, run loop, hinge, scene, settle, sources, timing.
    .target(name: "HingeSim"),
    // Text layout: HarfBuzz shaping, libunibreak breaks, libhyphen hyphenation, pagination.
    .target(name: "Typesetter", dependencies: ["CHarfBuzz", "CUnibreak", "CHyphen"]),
    // The reader model: place, spreads, page frames, notes, invariants, pagination cache.
    .target(name: "Reader", dependencies: ["HingeSim", "Typesetter"]),
    // Rotary knobs through libevdev; evemu and libinput-record readers.
    .target(name: "Knob", dependencies: ["CEvdev"]),
    // Commands, argument parsing, output formats, the live terminal view.
    .target(name: "HingeSimCLI", dependencies: ["HingeSim", "Typesetter", "Reader", "Knob"]),
    .executableTarget(name: "hingesim", dependencies: ["HingeSimCLI"]),

    // Test support: a fake evdev device (ioctl interposer) for Knob tests.
    .target(name: "CFakeEvdev", path: "Tests/CFakeEvdev", linkerSettings: [.linkedLibrary("dl")]),
    .target(name: "TestSupport", dependencies: ["HingeSim"], path: "Tests/TestSupport"),
    .target(name: "KnobTestSupport", dependencies: ["CFakeEvdev"], path: "Tests/KnobTestSupport"),
    .testTarget(name: "HingeSimTests", dependencies: ["HingeSim", "TestSupport"]),
    .testTarget(name: "TypesetterTests", dependencies: ["Typesetter"]),
    .testTarget(name: "ReaderTests", dependencies: ["Reader", "TestSupport"]),
    .testTarget(name: "KnobTests", dependencies: ["Knob", "KnobTestSupport", "CFakeEvdev", "CEvdev"]),
    .testTarget(
      name: "HingeSimCLITests", dependencies: ["HingeSimCLI", "Reader", "TestSupport", "KnobTestSupport", "CFakeEvdev", "Knob"],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
