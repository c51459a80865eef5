import EventStream
import Inputs
import Knob
import Platform
import Simulator
import Timing

/// `hingesim knob`: a knob (or a knob recording, `--replay`) drives the simulator in real
/// time; the stream is printed (plain lines, or JSON Lines with `--json`) or shown in the
/// live terminal view (`--view`).
struct KnobCommand: Command {
  static let name = "knob"
  static let summary = "turn a USB knob (or --virtual: keys, the wheel, the page) to fold the phone, live"
  static let usage = """
    usage: hingesim knob [--device PATH|auto] [options]
           hingesim knob --replay RECORDING [--speed X] [options]
           hingesim knob --virtual --view|--web [options]

    Reads a knob (a dial, wheel or absolute wheel; see 'hingesim devices') and drives the
    simulator in real time: turning moves the hinge, a button press rotates the phone (or
    steps the text size, turns the page, or opens and closes the notes). Events are
    stamped with CLOCK_MONOTONIC.

    --virtual needs no device: the view's keys and mouse wheel, or the demo page's gauge,
    keys and posture buttons, become a hi-res wheel's events and go through the same
    mapping (detents, --acceleration, --snap, --button-action): ← → one detent (7.5
    degrees by default), PgUp/PgDn 6, Home/End and 1 2 3 closed, half open, flat, Enter the
    button, q quits (docs/knob.md).

    options:
      --device PATH|auto     the evdev node (default auto: the first knob in /dev/input)
      --dir DIR              where auto looks (default /dev/input)
      --replay FILE          play a recording (.evemu, .yml, or any trace) at its own pace
      --speed X              replay speed factor, 0.1 to 100 (default 1)
      --virtual              a virtual knob, no device: with --view (keys in this
                             terminal, which must be stdin) and/or --web (the page)
      --degrees-per-step X   degrees per step (default: one full turn sweeps the range;
                             with --virtual, per detent)
      --acceleration A       extra gain for fast turns (default 0: linear)
      --snap                 snap to detents at 0, 90 and 180 degrees
      --button-action A      rotate (default), text-size, turn, notes, sidebar or
                             drag-to-notes (the first line on screen into the notes)
      --grab                 take the device from the desktop (released on exit, Ctrl-C too)
      --wait                 when the knob is unplugged, wait for it to come back
      --record FILE          write the mapped input (JSON Lines) — it replays to the same stream
      --view                 full-screen live view (plain lines when stdout is not a terminal)
      --web                  the live demo page in Chromium: the phone to scale, the fold, the
                             pages, the hinge, the settle countdown, the last timing record (a
                             window on $DISPLAY, headless without one; docs/web.md)
      --web-screenshot FILE  with --web: the page as a PNG when the run ends
      --browser-url URL      with --web: a tab in a browser you started with its
                             DevTools port open (http://127.0.0.1:PORT; left running)
      --stream FILE          also write the stream as JSON Lines to FILE (with --view or
                             --web too: what the screen shows)
      --json                 write the stream as JSON Lines (default: readable lines)
      --duration MS          stop after MS milliseconds
      --text FILE            the text the reader shows (default texts/sample-chapter.txt)
      --pdf FILE             a PDF instead (--view shows each page's text; not with --web)
      --offset N             the reader's starting place (UTF-16 offset)
      --direction D          ltr, rtl or auto (default): the order the reader's pages run in
      --typography T         calibrated or inter, as for 'hingesim run'
      --chapters, --prepaginate, --lang TAG, --compute-model M, --compute-ms MS
                             as for 'hingesim run' (the same pipeline: a --record file
                             replays with 'hingesim run FILE' to the stream printed live)
      --profile NAME         device profile (default iphone-duo)
      --settle-ms MS         settle window (default: the profile's)
      --conflict NAME=SIDE   the other side of a conflict between the profile's sources
                             ('hingesim profiles --conflicts')

    exit codes: 0 ok (also Ctrl-C on a device, in --view or --web, and q), 64 usage, 65
    bad recording, 66 no knob / no such device / --virtual --view without a terminal on
    stdin / no browser at --browser-url, 74 the knob was unplugged or a read failed (the
    recording so far is kept), 130 Ctrl-C during a plain --replay, 143 SIGTERM.

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    var options = KnobRunOptions()
    options.settings = try KnobSettings.parse(&args)
    options.virtual = args.flag("--virtual")
    let device = try args.option("--device")
    let directory = try args.option("--dir")
    options.device = device ?? "auto"
    options.directory = directory ?? "/dev/input"
    options.replay = try args.option("--replay")
    if let speed = try args.double("--speed", in: 0.1...100, unit: "(a factor)") { options.speed = speed }
    options.grab = args.flag("--grab")
    options.wait = args.flag("--wait")
    options.recordPath = try args.option("--record")
    options.view = args.flag("--view")
    options.web = args.flag("--web")
    options.webScreenshot = try args.option("--web-screenshot")
    if options.webScreenshot != nil { options.web = true }
    options.browserURL = try args.option("--browser-url")
    if options.browserURL != nil, !options.web { throw .usage("--browser-url goes with --web") }
    options.streamPath = try args.option("--stream")
    if options.web, options.view, !options.virtual {
      throw .usage("--web and --view: choose one demo surface (both only with --virtual, which takes input from each)")
    }
    options.json = args.flag("--json")
    if let duration = try args.double("--duration", in: 1...Event.maxInputTime, unit: "ms") {
      options.duration = duration
    }
    options.reader = try ReaderOptions.parse(&args)
    if options.reader.pdfPath != nil, options.web {
      throw .usage("the demo page shows a text; --pdf goes with the timeline, --json or --view")
    }
    options.source.profileName = try args.option("--profile") ?? "iphone-duo"
    for choice in try args.options("--conflict") { options.source.conflicts.append(try SourceOptions.conflict(choice)) }
    options.source.settleMs = try args.double("--settle-ms", in: 0...60_000, unit: "ms")
    let extra = try args.positionals()
    guard extra.isEmpty else { throw .usage("knob takes no arguments, found '\(InputText.excerpt(extra[0]))'") }
    if options.replay != nil, options.grab || options.wait {
      throw .usage("--grab and --wait need a device, not --replay")
    }
    if options.virtual {
      if options.replay != nil || device != nil || directory != nil || options.grab || options.wait {
        throw .usage("--virtual is a knob without a device: not with --replay, --device, --dir, --grab or --wait")
      }
      guard options.view || options.web else {
        throw .usage(
          "--virtual needs a surface to take input from: --view (keys and the mouse wheel in this terminal) "
            + "or --web (the demo page's gauge, keys and posture buttons), or both")
      }
    }
    return try KnobRun(options: options, context: context).run()
  }
}
