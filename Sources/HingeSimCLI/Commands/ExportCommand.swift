import Backends
import EventStream
import Platform

/// `hingesim export SOURCE --to FORMAT`: the simulator stream of SOURCE as the commands that
/// drive a real target with the same timing.
struct ExportCommand: Command {
  static let name = "export"
  static let summary = "turn a source into commands for agent-device, WDA, Appium, adb emu, CDP, Espresso or Jetpack"
  static let usage = """
    usage: hingesim export [SOURCE] --to FORMAT [--rate HZ] [--strict] [-o FILE] [options]

    Runs SOURCE (default: traces/default.hinge) through the simulator and writes the commands
    that drive a real target with the same timing (docs/export.md):
      agent-device   fold --keyframes JSON for the iPhone Duo simulator
      wda            WebDriverAgent hingeAngle calls as a shell script (curl, sleeps)
      appium         mobile: setSimulatedHingeAngle steps as JSON
      adb            Android Emulator console (adb emu sensor, rotate) as a shell script
      cdp            Chrome DevTools Protocol Emulation messages as JSON Lines with times
      espresso       a Kotlin test: the Espresso Device API's posture calls with the waits
      jetpack        a Kotlin test publishing each settled fold (WindowLayoutInfoPublisherRule)

    What a target cannot express (text-size changes, page turns, rotations for the hinge-only
    targets) is named on stderr and left out; the exit code stays 0 unless --strict.

    options:
      --to FORMAT        agent-device, wda, appium, adb, cdp, espresso or jetpack (required)
      --rate HZ          at most HZ hinge angles a second (status changes, the end of each
                         move and the last angle are always kept); stderr says how many dropped
      --strict           exit 65 when anything was left out or a target limit is exceeded
      -o, --out FILE     write to FILE instead of stdout
      --profile NAME, --settle-ms MS, --conflict NAME=SIDE, --division-when-flat,
      --format F, --lenient, --from T, --record FILE, --realtime, --speed X,
      --max-events N     as for 'hingesim simulate' (--to names the format here, so export
                         has no end of window)

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let format = try parseFormat(try args.option("--to"))
    let rate = try args.double("--rate", in: 0.01...10_000, unit: "Hz")
    let strict = args.flag("--strict")
    let shortOut = try args.option("-o")
    let outPath = try args.option("--out") ?? shortOut
    let options = try SourceOptions.parse(&args)
    let paths = try args.positionals()
    guard paths.count <= 1 else { throw .usage("export takes one SOURCE, found \(paths.count)") }
    let path = paths.first ?? RunCommand.defaultSource(context)

    let profile = try options.loadProfile(context)
    var builder = ExportTimeline.Builder()
    var postures = PostureTimeline.Builder()
    let skipped = try StreamRun.simulate(path, profile: profile, options: options, context: context) {
      (event: Event) -> Void in
      builder.add(event)
      postures.add(event)
    }
    var timeline = builder.finish()
    if let rate {
      let total = timeline.angles.count
      let thinned = timeline.thinned(rateHz: rate)
      timeline = thinned.timeline
      context.stderr.line(
        "hingesim: export: --rate \(NumberFormat.shortest(rate)) Hz dropped \(thinned.dropped) of \(total) hinge angles"
      )
    }
    let output = format.render(timeline, postures: postures.finish())

    if let outPath {
      try DocumentFile.write(output.text, to: outPath, what: "export")
    } else {
      context.stdout.write(output.text)
    }
    for note in output.notes { context.stderr.line("hingesim: export: \(note)") }
    for line in output.leftOut { context.stderr.line("hingesim: export: left out \(line)") }
    for line in output.overLimits { context.stderr.line("hingesim: export: over the target's limits: \(line)") }
    if skipped > 0 { context.stderr.line("hingesim: skipped \(skipped) bad line(s) (--lenient)") }
    if strict, output.isIncomplete {
      throw CLIError(
        "export --strict: \(format.rawValue) cannot replay the source in full (\(output.leftOut.count) kind(s) of "
          + "input left out, \(output.overLimits.count) limit(s) exceeded; listed above)",
        code: .dataError)
    }
    return .ok
  }

  /// The format named by `--to`, or a usage error with the nearest name.
  static func parseFormat(_ name: String?) throws(CLIError) -> ExportFormat {
    let names = ExportFormat.allCases.map(\.rawValue)
    guard let name else { throw .usage("export needs --to FORMAT (\(names.joined(separator: ", ")))") }
    guard let format = ExportFormat(rawValue: name.lowercased()) else {
      let hint = Suggestion.nearest(to: name.lowercased(), in: names).map { " (did you mean '\($0)'?)" } ?? ""
      throw .usage("--to: expected one of \(names.joined(separator: ", ")), found '\(name)'\(hint)")
    }
    return format
  }
}
