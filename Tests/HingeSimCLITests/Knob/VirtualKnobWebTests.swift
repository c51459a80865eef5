import Backends
import EventStream
import Glibc
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

/// `knob --virtual --web` driven as a person would drive it: the test starts Chromium, the built
/// binary opens the demo page in it (`--browser-url`), and the test sends the page mouse and key
/// events over CDP (`Input.dispatchMouseEvent`, `Input.dispatchKeyEvent`): arrow keys, the wheel,
/// a posture button, a drag of the gauge, Page Down, Enter and q. The live stream must equal what
/// the recording replays to, byte for byte.
@Suite(.serialized, .enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct VirtualKnobWebTests {
  /// A headless Chromium of the test's own, with the DevTools port it chose.
  static func startBrowser(_ directory: String) throws -> (ChildProcess, String) {
    var argv = [
      "chromium", "--headless=new", "--remote-debugging-port=0", "--user-data-dir=\(directory)", "about:blank",
    ]
    if Process.isRoot { argv.insert("--no-sandbox", at: 1) }
    let browser = try ChildProcess.spawn(argv, descriptors: [:]).get()
    var port: String?
    let deadline = MonotonicClock.nowMs() + 60_000
    while port == nil, MonotonicClock.nowMs() < deadline {
      port = POSIX.readSmallFile(directory + "/DevToolsActivePort")?.split(separator: "\n").first.map(String.init)
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 50)
    }
    guard let port else {
      browser.terminate()
      throw BrowserError.launch("no DevToolsActivePort")
    }
    return (browser, "http://127.0.0.1:\(port)")
  }

  static func key(_ page: BrowserPage, _ key: String, code: String, keyCode: Int, text: String? = nil) throws {
    var down: [(String, JSONValue)] = [
      ("type", .string(text == nil ? "rawKeyDown" : "keyDown")), ("key", .string(key)), ("code", .string(code)),
      ("windowsVirtualKeyCode", .number(Double(keyCode))),
    ]
    if let text { down.append(("text", .string(text))) }
    try page.call("Input.dispatchKeyEvent", .object(down))
    try page.call(
      "Input.dispatchKeyEvent",
      .object([
        ("type", .string("keyUp")), ("key", .string(key)), ("code", .string(code)),
        ("windowsVirtualKeyCode", .number(Double(keyCode))),
      ]))
  }

  static func mouse(_ page: BrowserPage, _ type: String, _ x: Double, _ y: Double, extra: [(String, JSONValue)] = [])
    throws
  {
    var params: [(String, JSONValue)] = [("type", .string(type)), ("x", .number(x)), ("y", .number(y))]
    if type == "mousePressed" || type == "mouseReleased" {
      params += [("button", .string("left")), ("clickCount", .number(1))]
    } else if type == "mouseMoved" {
      params += [("button", .string("left")), ("buttons", .number(1))]
    }
    try page.call("Input.dispatchMouseEvent", .object(params + extra))
  }

  /// The centre of an element, in CSS pixels; for the gauge, its right end on the centre line.
  static func point(_ page: BrowserPage, _ script: String) throws -> (Double, Double) {
    let value = try page.evaluate(script)
    guard case .array(let xy) = value, xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1] else {
      throw BrowserError.malformed("no point: \(value.found)")
    }
    return (x, y)
  }

  @Test func mouseAndKeysOnTheDemoPageDriveTheKnobAndTheRecordingReplaysToTheSameStream() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-vknob-web"))
    defer { Directory.removeTree(directory) }
    let (chromium, url) = try Self.startBrowser(directory + "/profile")
    defer { chromium.terminate() }
    let out = directory + "/stream.jsonl"
    let record = directory + "/record.jsonl"
    // The page as hingesim saves it when q ends the run (HINGESIM_TEST_SCREENSHOT keeps it: the
    // picture in docs/knob.md).
    let png = Process.environment("HINGESIM_TEST_SCREENSHOT") ?? directory + "/demo.png"
    let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(fd >= 0)
    let run = try ChildProcess.spawn(
      [
        VirtualKnobViewTests.binary, "knob", "--virtual", "--web", "--browser-url", url, "--json", "--record", record,
        "--compute-ms", "1", "--text", TestSupport.packageRoot + "/texts/sample-chapter.txt", "--web-screenshot", png,
      ], descriptors: [1: fd], stderrPath: directory + "/stderr.txt"
    ).get()
    close(fd)
    defer { run.terminate() }

    let browser = try Chromium.attach(url: url)
    defer { browser.close() }
    let page = try browser.existingPage(
      urlPrefix: "file://" + TestSupport.packageRoot + "/web/demo/index.html", timeoutMs: 90_000)
    #expect(try page.wait(until: "document.getElementById('controls').hidden === false", timeoutMs: 90_000))
    try page.call("Page.bringToFront")

    // 2 detents by the arrow key, 1 by the wheel: 22.5°.
    try Self.key(page, "ArrowRight", code: "ArrowRight", keyCode: 39)
    try Self.key(page, "ArrowRight", code: "ArrowRight", keyCode: 39)
    let (gx, gy) = try Self.point(
      page,
      "(() => { const r = document.getElementById('gauge').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
    )
    try Self.mouse(page, "mouseWheel", gx, gy, extra: [("deltaX", .number(0)), ("deltaY", .number(-100))])
    // The posture button: 90°; one detent back: 82.5°.
    let (hx, hy) = try Self.point(
      page,
      "(() => { const r = document.querySelector('[data-posture=\"half-open\"]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
    )
    try Self.mouse(page, "mousePressed", hx, hy)
    try Self.mouse(page, "mouseReleased", hx, hy)
    try Self.key(page, "ArrowLeft", code: "ArrowLeft", keyCode: 37)
    // Drag the needle from the middle of the arc to its right end: flat, 180°.
    let (rx, ry) = try Self.point(
      page,
      "(() => { const g = document.getElementById('gauge'); const m = g.getScreenCTM(); return [m.a * 104 + m.e, m.d * 0 + m.f]; })()"
    )
    let (tx, ty) = try Self.point(
      page,
      "(() => { const g = document.getElementById('gauge'); const m = g.getScreenCTM(); return [m.e, m.d * -100 + m.f]; })()"
    )
    try Self.mouse(page, "mouseMoved", tx, ty, extra: [("buttons", .number(0)), ("button", .string("none"))])
    try Self.mouse(page, "mousePressed", tx, ty)
    try Self.mouse(page, "mouseMoved", (tx + rx) / 2, (ty + ry) / 2)
    try Self.mouse(page, "mouseMoved", rx, ry)
    try Self.mouse(page, "mouseReleased", rx, ry)
    // Page Down: 6 detents, 135°; Enter: the button (rotate); q ends the run.
    try Self.key(page, "PageDown", code: "PageDown", keyCode: 34)
    try Self.key(page, "Enter", code: "Enter", keyCode: 13, text: "\r")
    #expect(try page.evaluate("hingesimDemo.dropped") == .number(0))
    // The page shows the reader's tabletop page once the rotation has settled; then q.
    #expect(
      try page.wait(
        until: "document.body.dataset.pose === 'tabletop' && document.querySelector('.page') !== null"
          + " && document.getElementById('settle-label').textContent === 'settled'", timeoutMs: 90_000))
    try Self.key(page, "q", code: "KeyQ", keyCode: 81, text: "q")

    var status: Int32?
    let deadline = MonotonicClock.nowMs() + 90_000
    while status == nil, MonotonicClock.nowMs() < deadline {
      status = run.exitStatus()
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 20)
    }
    let stderr = readText(directory + "/stderr.txt")
    #expect(status == 0, "\(stderr)")
    #expect(WholeFile.read(png, limit: 1 << 24)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)  // a PNG

    // Whatever went into one frame, the angles come in this order (neighbouring motion is
    // summed, neighbouring positions keep the last; a jump separates them).
    let recording = readText(record)
    let samples = recording.split(separator: "\n").compactMap { line -> Double? in
      guard line.contains(#""type":"hinge""#), let range = line.range(of: #""angle":"#) else { return nil }
      return Double(line[range.upperBound...].prefix { $0 != "," && $0 != "}" })
    }
    let milestones: [Double] = [22.5, 90, 82.5, 180, 135]
    var next = 0
    for angle in samples where next < milestones.count && angle == milestones[next] { next += 1 }
    #expect(next == milestones.count, "\(samples)")
    #expect(samples.last == 135)
    #expect(recording.contains(#""type":"orientation","orientation":"landscapeLeft""#))
    #expect(recording.hasSuffix("\"type\":\"end\",\"reason\":\"stopped\"}\n"))

    let live = readText(out)
    let replay = CLIHarness.run(["run", record, "--json", "--compute-ms", "1"])
    #expect(replay.code == 0, "\(replay.stderr)")
    #expect(replay.stdout == live)
    #expect(
      live.split(separator: "\n").contains { $0.contains(#""type":"shown""#) && $0.contains(#""layout":"tabletop""#) })
  }
}
