import Backends
import EventStream
import Inputs
import Knob
import Platform
import Reader
import Reports
import Simulator

/// `knob --web` and `run --web`: the live view's state pushed into the demo page
/// (`web/demo/index.html`) in Chromium — a window on `$DISPLAY`, or headless without one (then
/// `--web-screenshot FILE` is the way to see it).
final class WebDemo {
  private let browser: Chromium
  private let page: BrowserPage
  private let state: LiveWebState
  private let stderr: OutputFile
  private var failure: BrowserError?
  private(set) var updates = 0

  private init(browser: Chromium, page: BrowserPage, state: LiveWebState, stderr: OutputFile) {
    self.browser = browser
    self.page = page
    self.state = state
    self.stderr = stderr
  }

  /// Starts the browser (or attaches to the one at `browserURL`, in a new tab) and opens the
  /// demo page.
  static func open(
    profile: Profile, pages: (any PageTextProvider)?, document: ReaderDocument, browserURL: String? = nil,
    context: CommandContext
  ) throws(CLIError) -> WebDemo {
    let path = context.resourceRoot + "/web/demo/index.html"
    guard POSIX.isReadable(path) else { throw CLIError("--web: the demo page \(path) is missing", code: .noInput) }
    let display = browserURL == nil && (Process.environment("DISPLAY").map { !$0.isEmpty } ?? false)
    let browser: Chromium
    do {
      if let browserURL {
        browser = try Chromium.attach(url: browserURL)
      } else {
        browser = try Chromium.launch(
          extraArguments: display ? ["--app=file://" + path, "--window-size=1280,800"] : [], headless: !display,
          startURL: display ? nil : "about:blank")
      }
    } catch {
      if case .attach = error { throw CLIError("--web: \(error.message)", code: .noInput) }
      throw CLIError("--web: \(error.message)", code: error.isMissingProgram ? .noInput : .ioError)
    }
    do throws(BrowserError) {
      let page: BrowserPage
      if display {
        // The --app window is the demo: drive that tab, not a second one.
        page = try browser.existingPage(urlPrefix: "file://" + path)
        _ = try page.wait(until: "typeof hingesimDemo === 'object'")
      } else {
        page = try browser.newPage()
        try page.call(
          "Emulation.setDeviceMetricsOverride",
          .object([
            ("width", .number(1280)), ("height", .number(800)), ("deviceScaleFactor", .number(1)),
            ("mobile", .bool(false)),
          ]))
        try page.navigate("file://" + path)
      }
      let surface =
        browserURL != nil
        ? " (a tab in the browser at \(InputText.excerpt(browserURL ?? "", limit: 80)))"
        : display ? " (a window on \(Process.environment("DISPLAY") ?? ""))" : " (headless: no $DISPLAY)"
      context.stderr.line("hingesim: --web: the demo page in \(browser.version)" + surface)
      return WebDemo(
        browser: browser, page: page,
        state: LiveWebState(profile: profile, pages: pages) { size in
          let style = document.style(for: size)
          return (style.pointSize, style.lineHeight + style.lineSpacing, style.advanceScale)
        }, stderr: context.stderr)
    } catch {
      let explained = browser.explain(error)
      browser.close()
      throw CLIError("--web: \(explained.message)", code: .ioError)
    }
  }

  /// Takes one stream event.
  func receive(_ event: Event) { state.receive(event) }

  /// Shows the virtual knob's controls on the page (the gauge to drag, the posture buttons, the
  /// keys) and pushes the state at once, so they are there before the first event.
  func showControls(mapping: KnobMapping) {
    state.controls = (
      mapping.buttonAction.rawValue,
      mapping.degreesPerStep(for: VirtualKnob.device.kind) * Double(VirtualKnob.unitsPerDetent),
      VirtualPosture.allCases.map { ($0.rawValue, $0.degrees(lower: mapping.lower, upper: mapping.upper)) }
    )
    push(state.json(now: 0))
  }

  /// What the page's controls queued since the last call (`hingesimDemo.takeInputs()`); nothing
  /// once the page has failed.
  func takeGestures() -> [VirtualGesture] {
    guard failure == nil else { return [] }
    do throws(BrowserError) {
      return VirtualGesture.fromPage(try page.evaluate("hingesimDemo.takeInputs()"))
    } catch {
      fail(error)
      return []
    }
  }

  private func push(_ json: String) {
    guard failure == nil else { return }
    do throws(BrowserError) {
      try page.evaluate("hingesimDemo.update(\(json))")
      updates += 1
    } catch {
      fail(error)
    }
  }

  private func fail(_ error: BrowserError) {
    failure = browser.explain(error)
    stderr.line("hingesim: --web: \(failure?.message ?? ""); the run goes on without the page")
  }

  /// Pushes the state when it changed; when to be called again (stream ms).
  func tick(now: Double) -> Double? {
    guard failure == nil else { return nil }
    if let json = state.take(now: now) { push(json) }
    return now + state.intervalMs
  }

  /// The last state pushed, and the page saved as a PNG when asked.
  func finish(screenshot: String?) throws(CLIError) {
    guard failure == nil else { return }
    let png: [UInt8]
    do throws(BrowserError) {
      try page.evaluate("hingesimDemo.update(\(state.json(now: state.lastTime)))")
      updates += 1
      stderr.line("hingesim: --web: \(updates) updates pushed to the demo page")
      guard screenshot != nil else { return }
      png = try page.screenshot()
    } catch {
      throw CLIError("--web: \(browser.explain(error).message)", code: .ioError)
    }
    guard let screenshot else { return }
    let file: OutputFile
    do { file = try OutputFile.open(path: screenshot) } catch {
      throw CLIError("--web-screenshot: \(screenshot): \(error.message)", code: .ioError)
    }
    file.write(bytes: png)
    file.close()
    if file.isBroken { throw CLIError(writeFailure: file, progress: nil) }
  }

  /// Closes the browser.
  func close() { browser.close() }
}
