import EventStream
import Inputs
import Knob
import Platform
import Reader
import Reports
import Simulator
import Timing

/// One `hingesim knob` run: opens the device (or the replay), wires recording, output and
/// the live view around `EventLoop.runLive`, and turns errors into exit codes. The device is
/// closed (and its grab released) and the terminal restored on every exit path.
struct KnobRun {
  var options: KnobRunOptions
  var context: CommandContext

  /// Runs to the end (Ctrl-C, `--duration`, the replay's end) or to an error.
  func run() throws(CLIError) -> ExitCode {
    // Keys come from the terminal on stdin: without one the view could show, but not be driven.
    var terminal: RawTerminal?
    if options.virtual, options.view {
      guard let raw = RawTerminal(fd: 0) else {
        throw CLIError(
          "--virtual --view reads keys from the terminal on stdin, and stdin is not a terminal\n"
            + "  run it in a terminal, or drive the demo page instead: hingesim knob --virtual --web",
          code: .noInput)
      }
      terminal = raw
    }
    defer { terminal?.restore() }
    let profile = try options.source.loadProfile(context)
    var mapping = options.settings.mapping(profile: profile)
    if options.virtual, let perDetent = options.settings.degreesPerStep {
      // The virtual knob is a hi-res wheel (120 units a detent); the option counts detents.
      mapping.degreesPerStep = perDetent / Double(VirtualKnob.unitsPerDetent)
    }
    let input = try options.reader.loadInput(profile: profile, context: context)
    // The same pipeline as a batch run's, every reader option with it (`--chapters` too).
    let built = RunPipeline.build(
      .full, profile: profile, input: input, options: RunOptions(options.source, reader: options.reader))
    var pipeline = built.pipeline
    let pageText: any PageTextProvider
    switch built.pages {
    case .text(let cache)?: pageText = ReaderPageText(cache: cache)
    case .chapters(let caches)?: pageText = ReaderPageText(chapters: caches)
    case .pdf?, nil:
      pageText = try ReaderOptions.loadPDFText(options.reader.pdfPath ?? "", limit: context.readLimits[.pdf])
    }
    let stderr = context.stderr
    let warn: (String) -> Void = { stderr.line("hingesim: \($0)") }

    // The source first: a missing recording or knob fails before a browser starts.
    let replaySource = try options.replay.map { replay throws(CLIError) in
      try openReplay(replay, profile: profile, mapping: mapping, warn: warn)
    }
    let device = options.replay == nil && !options.virtual ? try openDevice() : nil
    defer { device?.close() }
    if options.grab, let device {
      do { try device.grab() } catch { throw CLIError(error.description, code: .ioError) }
    }
    let demo = options.web ? try openDemo(profile: profile, input: input, pageText: pageText) : nil
    defer { demo?.close() }

    if let replay = options.replay, let replaySource {
      var source = PacedSource(replaySource)
      return try drive(
        &pipeline, &source, profile: profile, input: input, pageText: pageText, demo: demo,
        title: "hingesim — replay \(replay)")
    }
    guard let device else {
      demo?.showControls(mapping: mapping)
      var source = VirtualKnobSource(
        mapping: mapping, terminal: terminal?.fd ?? -1, pull: demo.map { demo in { demo.takeGestures() } },
        warn: warn, quit: { StopRequest.set(true) })
      let surfaces = [
        terminal != nil ? "keys and the wheel in this terminal" : nil, demo != nil ? "the demo page" : nil,
      ]
      stderr.line(
        "hingesim: a virtual knob: " + surfaces.compactMap { $0 }.joined(separator: " and ") + "; q or Ctrl-C stops")
      return try drive(
        &pipeline, &source, profile: profile, input: input, pageText: pageText, demo: demo,
        title: "hingesim knob — virtual knob", keys: Self.keyHelp(mapping))
    }
    var source = KnobLiveSource(
      device: device, mapping: mapping, waitForReturn: options.wait, grab: options.grab,
      directory: options.directory, warn: warn)
    stderr.line(
      "hingesim: reading \(device.info.path) (\(device.info.name), \(KnobSurveyText.kind(device.info)))"
        + (options.grab ? ", grabbed" : "") + "; Ctrl-C stops")
    return try drive(
      &pipeline, &source, profile: profile, input: input, pageText: pageText, demo: demo,
      title: "hingesim knob — \(device.info.name)")
  }

  /// The view's line of keys for the virtual knob.
  static func keyHelp(_ mapping: KnobMapping) -> String {
    let detent = mapping.degreesPerStep(for: VirtualKnob.device.kind) * Double(VirtualKnob.unitsPerDetent)
    return "keys: ← → ↑ ↓ \(EventText.degrees(detent)) · PgUp PgDn ×\(VirtualGesture.coarseDetents) · wheel · "
      + "Home End 1 2 3 postures · Enter \(mapping.buttonAction.rawValue)"
  }

  private func drive(
    _ pipeline: inout Pipeline, _ source: inout some LiveSource, profile: Profile, input: ReaderInput,
    pageText: any PageTextProvider, demo: WebDemo?, title: String, keys: String? = nil
  ) throws(CLIError) -> ExitCode {
    StreamRun.installInterruptHandler()
    StopRequest.set(false)
    // Ctrl-C is how a live session ends — a knob on a device, the full-screen view, the demo
    // page — so it is a clean exit there. Any other signal, and Ctrl-C during a plain replay,
    // is a run cut short: the command line says so (130, 143).
    defer {
      if StopRequest.isCtrlC, options.replay == nil || options.view || options.web {
        StopRequest.set(false)
      } else {
        StopRequest.clearThisThread()
      }
    }
    let out = context.stdout
    out.lineBuffered = true
    var recording: OutputFile?
    if let path = options.recordPath {
      recording = try OutputFile.create(path: path, lineBuffered: true)
    }
    defer { recording?.close() }
    var stream: OutputFile?
    if let path = options.streamPath {
      stream = try OutputFile.create(path: path, lineBuffered: true)
    }
    defer { stream?.close() }
    let view =
      options.view ? LiveView(output: out, profile: profile, pages: pageText, title: title, keys: keys) : nil
    defer { view?.close() }
    let json = options.json
    let duration = options.duration
    let speed = options.replay == nil ? 1 : options.speed
    let hooks = LiveHooks(
      input: { event in recording?.write(bytes: EventWriter.line(event)) },
      idle: { now in
        if let duration, now >= duration { StopRequest.set(true) }
        let redraw = view?.tick(now: now, speed: speed)
        let push = demo?.tick(now: now)
        return [redraw, push, duration].compactMap { $0 }.min()
      })
    do {
      try EventLoop.runLive(&pipeline, source: &source, clock: LiveClock(speed: speed), hooks: hooks) { event in
        pageText.receive(event)
        demo?.receive(event)
        stream?.write(bytes: EventWriter.line(event))
        if let view {
          view.receive(event)
        } else if json {
          out.write(bytes: EventWriter.line(event))
        } else {
          out.line(EventText.line(event))
        }
        if out.isBroken || recording?.isBroken == true || stream?.isBroken == true { StopRequest.set(true) }
      }
    } catch {
      view?.close()
      var cliError = CLIError(inputError: error)
      if let path = options.recordPath {
        cliError.message += "\n  the recording \(path) holds the input up to this point"
      }
      throw cliError
    }
    recording?.close()
    if let recording, recording.failedForReal { throw CLIError(writeFailure: recording, progress: nil) }
    stream?.close()
    if let stream, stream.failedForReal { throw CLIError(writeFailure: stream, progress: nil) }
    view?.close()
    if let demo { try demo.finish(screenshot: options.webScreenshot) }
    return .ok
  }

  /// The demo page (`--web`), which shows a text.
  private func openDemo(profile: Profile, input: ReaderInput, pageText: any PageTextProvider) throws(CLIError)
    -> WebDemo
  {
    guard case .text(let document) = input, let pages = pageText as? ReaderPageText else {
      throw .usage("the demo page shows a text; --pdf goes with the timeline, --json or --view")
    }
    return try WebDemo.open(
      profile: profile, pages: pages, document: document, browserURL: options.browserURL, context: context)
  }

  private func openDevice() throws(CLIError) -> KnobDevice {
    var path = options.device
    if path == "auto" {
      let survey = KnobDiscovery.survey(directory: options.directory)
      let knobs = survey.entries.compactMap { entry -> KnobDeviceInfo? in
        if case .knob(let info) = entry { return info }
        return nil
      }
      guard let first = knobs.first else {
        let why =
          KnobSurveyText.text(survey).split(separator: "\n").first.map(String.init)
          ?? "no knob found"
        throw CLIError(
          why + "\n  'hingesim devices' lists the knobs; pass one with --device PATH, "
            + "or play a recording with --replay FILE", code: .noInput)
      }
      path = first.path
    }
    do {
      return try KnobDevice(path: path)
    } catch {
      if case .libraryUnavailable = error { throw CLIError(error.description, code: .unavailable) }
      let code: ExitCode =
        switch error {
        case .unplugged, .readFailed, .grabFailed: .ioError
        default: .noInput
        }
      throw CLIError(error.description + "\n  'hingesim devices' lists the knobs", code: code)
    }
  }

  private func openReplay(
    _ path: String, profile: Profile, mapping: KnobMapping, warn: @escaping (String) -> Void
  ) throws(CLIError) -> AnyEventSource {
    guard let format = options.source.format ?? SourceFormat.fromExtension(path),
      format == .evemu || format == .libinput
    else {
      return try options.source.opener(profile: profile, context: context).openForCommand(
        path)
    }
    do {
      let reader = try LineReader(path: path)
      try reader.setLimit(context.readLimits[.recording])
      let recording = try KnobRecordingSource.load(reader, format: format)
      return AnyEventSource(
        base: KnobRecordingSource(recording: recording, mapping: mapping, warn: warn))
    } catch {
      throw CLIError(inputError: error)
    }
  }
}
