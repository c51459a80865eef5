// swift-tools-version: 6.0
import PackageDescription

// Modules follow the data flow (docs/architecture.md draws it):
// inputs → simulator → reader → timing → reports, all meeting in the event stream.
// No module imports one that sits downstream of it.
let package = Package(
  name: "hingesim",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "hingesim", targets: ["hingesim"]),
    .library(name: "EventStream", targets: ["EventStream"]),
    // The fake evdev device as a shared library, for `LD_PRELOAD` by `hingesim bench knob` only.
    .library(name: "FakeEvdev", type: .dynamic, targets: ["CFakeEvdev"]),
    // For the fuzz targets (Fuzz/, a package of its own that depends on this one by path).
    .library(name: "Backends", targets: ["Backends"]),
    .library(name: "Inputs", targets: ["Inputs"]),
    .library(name: "Knob", targets: ["Knob"]),
    .library(name: "Reader", targets: ["Reader"]),
    .library(name: "AppLogs", targets: ["AppLogs"]),
    .library(name: "Simulator", targets: ["Simulator"]),
    .library(name: "Timing", targets: ["Timing"]),
    .library(name: "Typesetter", targets: ["Typesetter"]),
    .library(name: "Shots", targets: ["Shots"]),
  ],
  targets: [
    // System libraries (Debian packages; bin/test and bin/hingesim install them). Their headers
    // only: nothing is linked. Each module opens its libraries when a command first needs them
    // (`DynamicLibrary`, the tables in the modules' `Internals/`), so `hingesim --version` maps
    // none of them and `simulate` no text or PDF stack (docs/architecture.md, "Linking").
    .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CUnibreak", providers: [.apt(["libunibreak-dev"])]),
    .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev", "hyphen-en-us", "hyphen-de"])]),
    .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(name: "CFribidi", providers: [.apt(["libfribidi-dev"])]),
    .systemLibrary(name: "CEvdev", providers: [.apt(["libevdev-dev"])]),
    // poppler-glib's few calls and GError, declared in the shim (its headers need GLib's).
    .systemLibrary(name: "CPoppler", providers: [.apt(["libpoppler-glib8"])]),
    // libpng's simplified API (png.h; /usr/include/png.h, so no pkg-config: its libs would link
    // libpng into every command, which opens it on first use instead).
    .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),

    // Thin Swift wrappers around the Glibc calls the modules share: clock, sleep, poll, files, directories.
    .target(name: "Platform"),
    // The stream: event vocabulary, JSON Lines codec, Stage, Pipeline, the virtual-time and live loops.
    .target(name: "EventStream", dependencies: ["Platform"]),
    // Rotary knobs through libevdev; evemu and libinput-record readers.
    .target(name: "Knob", dependencies: ["CEvdev", "Platform"]),
    // Every source of input events: traces, scripts, windows, pacing, recording, knobs.
    .target(name: "Inputs", dependencies: ["EventStream", "Knob", "Platform"]),
    // The device model: profiles, hinge (policy → status → pose), scene (bursts, regions), settle.
    .target(name: "Simulator", dependencies: ["EventStream", "Platform"]),
    // Text layout: HarfBuzz shaping, fontconfig fallback, FriBidi levels, libunibreak breaks,
    // libhyphen hyphenation, pagination.
    .target(
      name: "Typesetter", dependencies: ["CHarfBuzz", "CUnibreak", "CHyphen", "CFontconfig", "CFribidi", "Platform"]),
    // The reader: its rules (place, spreads, page frames, notes, invariants) and the main thread that charges
    // compute time; the fixed-layout (PDF) reader, whose page count and sizes poppler reads.
    .target(name: "Reader", dependencies: ["EventStream", "Simulator", "Typesetter", "Platform", "CPoppler"]),
    // Real apps judged by the reader's rules: the app-log format (read and written), its alignment
    // with the simulator's stream, and the rules only an app can break (`check --app`, `report --app`).
    .target(name: "AppLogs", dependencies: ["EventStream", "Simulator", "Reader", "Platform"]),
    // Settle-cycle timing records, latency reports and their comparison.
    .target(name: "Timing", dependencies: ["EventStream"]),
    // Back-ends: exporters that turn any source's simulator stream into the commands that drive real
    // targets (agent-device, WebDriverAgent, Appium, the Android Emulator console, Chrome DevTools
    // Protocol), and the browser driver: headless Chromium over CDP on a pipe.
    .target(name: "Backends", dependencies: ["EventStream", "Platform"]),
    // Writers for people and tools: text timeline, Chrome trace, SVG timeline, the live terminal view.
    .target(name: "Reports", dependencies: ["EventStream", "Simulator", "Reader", "Timing", "Platform"]),
    // Screenshot diffs (`hingesim shots compare`): folders of `web --screenshots` paired by layout
    // and time, decoded and written with libpng, the fold's band judged apart, a contact sheet.
    .target(name: "Shots", dependencies: ["CPNG", "EventStream", "Platform"]),
    // The built-in benchmarks (`hingesim bench`): simulate, script, typeset against Pango, knob latency,
    // a real browser's settle cycle (web).
    .target(
      name: "Benchmarks",
      dependencies: ["EventStream", "Inputs", "Simulator", "Typesetter", "Reader", "Knob", "Platform", "Backends"]),
    // Commands and argument parsing: wires sources, stages and writers together.
    .target(
      name: "HingeSimCLI",
      dependencies: [
        "EventStream", "Inputs", "Simulator", "Typesetter", "Reader", "AppLogs", "Timing", "Reports", "Benchmarks",
        "Knob", "Platform", "Backends", "Shots",
      ]),
    // The Swift runtime is linked in (`-static-stdlib`): no libswiftCore, libdispatch or concurrency
    // library to map and bind at each start (docs/benchmarks.md, "Start-up").
    .executableTarget(
      name: "hingesim", dependencies: ["HingeSimCLI", "Platform"],
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),

    // Test support: a fake evdev device (ioctl interposer) for Knob tests, shared fixtures.
    .target(name: "CFakeEvdev", path: "Tests/CFakeEvdev", linkerSettings: [.linkedLibrary("dl")]),
    .target(
      name: "TestSupport", dependencies: ["EventStream", "Simulator", "Timing"], path: "Tests/TestSupport"),
    .target(name: "KnobTestSupport", dependencies: ["CFakeEvdev"], path: "Tests/KnobTestSupport"),
    .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
    .testTarget(name: "EventStreamTests", dependencies: ["EventStream", "TestSupport"]),
    .testTarget(name: "InputsTests", dependencies: ["Inputs", "Simulator", "TestSupport", "CEvdev"]),
    .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "TestSupport"]),
    // The typesetter's and the knob's tests link the libraries the modules open at run time, to
    // check each function looked up is the one its header declares (LibraryFunctionTests).
    .testTarget(
      name: "TypesetterTests", dependencies: ["Typesetter", "Reader", "Simulator", "EventStream", "TestSupport"],
      exclude: ["Agreement"],
      linkerSettings: ["harfbuzz", "fribidi", "unibreak", "fontconfig", "hyphen"].map { .linkedLibrary($0) }),
    .testTarget(name: "ReaderTests", dependencies: ["Reader", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "AppLogsTests", dependencies: ["AppLogs", "Reader", "Simulator", "TestSupport"]),
    .testTarget(name: "TimingTests", dependencies: ["Timing", "Simulator", "TestSupport"]),
    .testTarget(name: "ReportsTests", dependencies: ["Reports", "Reader", "Timing", "Simulator", "TestSupport"]),
    .testTarget(
      name: "ShotsTests", dependencies: ["Shots", "CPNG", "EventStream", "TestSupport"],
      linkerSettings: [.linkedLibrary("png16")]),
    .testTarget(name: "BackendsTests", dependencies: ["Backends", "EventStream", "Platform", "TestSupport"]),
    .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks", "Typesetter", "Platform", "TestSupport"]),
    .testTarget(
      name: "KnobTests", dependencies: ["Knob", "KnobTestSupport", "CFakeEvdev", "CEvdev", "TestSupport"],
      linkerSettings: [.linkedLibrary("evdev")]),
    .testTarget(
      name: "HingeSimCLITests",
      dependencies: [
        "HingeSimCLI", "Inputs", "Simulator", "Reader", "AppLogs", "Timing", "Reports", "TestSupport",
        "KnobTestSupport",
        "CFakeEvdev", "Knob", "Benchmarks", "Shots",
      ],
      exclude: ["Golden", "Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
