import Backends
import EventStream
import Platform
import Testing

/// Against Debian's Chromium (bin/test installs it): the pipe protocol, emulation of a fold
/// as the Viewport Segments API sees it, posture, bindings, screenshots, and a browser that dies.
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct ChromiumTests {
  @Test func aDisplayFeatureSplitsTheViewportIntoTwoSegmentsAtTheFold() throws {
    let browser = try Chromium.launch()
    defer { browser.close() }
    #expect(browser.version.contains("Chrome"))
    let page = try browser.newPage()
    // iPhone Duo open wide: 867 × 611 with the 40-pt fold at x = 455.5, as CDPDisplayFeature
    // rounds it: offset 455, mask 41 → segments [0, 455) and [496, 867).
    try page.call(
      "Emulation.setDeviceMetricsOverride",
      .object([
        ("width", .number(867)), ("height", .number(611)), ("deviceScaleFactor", .number(1)),
        ("mobile", .bool(true)),
        (
          "displayFeature",
          .object([("orientation", .string("vertical")), ("offset", .number(455)), ("maskLength", .number(41))])
        ),
      ]))
    let segments = try page.evaluate(
      "JSON.stringify((window.viewport && window.viewport.segments || []).map(s => [s.x, s.width, s.height]))")
    #expect(segments == .string("[[0,455,611],[496,371,611]]"))
  }

  @Test func postureOverrideReachesTheDevicePostureAPIAndTheMediaQuery() throws {
    let browser = try Chromium.launch()
    defer { browser.close() }
    let page = try browser.newPage()
    // The Device Posture API exists only in a secure context: a file: page is one, about:blank is not.
    try page.navigate(try Self.page("<p>posture</p>"))
    #expect(try page.evaluate("navigator.devicePosture.type") == .string("continuous"))
    try page.call("Emulation.setDevicePostureOverride", .object([("posture", .object([("type", .string("folded"))]))]))
    #expect(try page.wait(until: "navigator.devicePosture.type == 'folded'"))
    #expect(try page.evaluate("matchMedia('(device-posture: folded)').matches") == .bool(true))
  }

  @Test func aBindingDeliversWhatThePageReportsInOrder() throws {
    let browser = try Chromium.launch()
    defer { browser.close() }
    let page = try browser.newPage()
    try page.addBinding("hingesimReport")
    try page.evaluate("for (let i = 0; i < 3; i++) hingesimReport(JSON.stringify({n: i}))")
    var payloads: [String] = []
    while payloads.count < 3, let report = try page.nextReport(deadlineMs: MonotonicClock.nowMs() + 5000) {
      guard case .binding(let name, let payload) = report else { continue }
      #expect(name == "hingesimReport")
      payloads.append(payload)
    }
    #expect(payloads == [#"{"n":0}"#, #"{"n":1}"#, #"{"n":2}"#])
  }

  @Test func aScreenshotIsAPNGOfTheEmulatedSize() throws {
    let browser = try Chromium.launch()
    defer { browser.close() }
    let page = try browser.newPage()
    try page.call(
      "Emulation.setDeviceMetricsOverride",
      .object([
        ("width", .number(342)), ("height", .number(580)), ("deviceScaleFactor", .number(1)),
        ("mobile", .bool(true)),
      ]))
    let png = try page.screenshot()
    #expect(png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // The IHDR chunk: width and height, big-endian, at bytes 16–23.
    let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect((width, height) == (342, 580))
  }

  @Test func aBrowserThatDiesMidRunIsReportedWithItsStatus() throws {
    let browser = try Chromium.launch()
    defer { browser.close() }
    let page = try browser.newPage()
    _ = try? page.call("Browser.crash")
    #expect(throws: BrowserError.self) {
      for _ in 0..<50 {
        try page.evaluate("1")
        MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 20)
      }
    }
    // The crash handler may take a moment; the process is gone within seconds.
    let deadline = MonotonicClock.nowMs() + 5000
    while browser.isRunning, MonotonicClock.nowMs() < deadline {
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 20)
    }
    #expect(!browser.isRunning)
  }

  /// A page in a fresh temporary directory, as a file: URL.
  static func page(_ body: String) throws -> String {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-page"))
    let path = directory + "/index.html"
    let html = "<!doctype html><meta name=viewport content='width=device-width'>" + body
    let file = try OutputFile.open(path: path)
    file.write(html)
    file.close()
    try #require(!file.isBroken)
    return "file://" + path
  }

  @Test func aMissingProgramIsALaunchError() {
    #expect(throws: BrowserError.launch("/nonexistent/chromium: no such file")) {
      try Chromium.launch(program: "/nonexistent/chromium")
    }
  }
}
