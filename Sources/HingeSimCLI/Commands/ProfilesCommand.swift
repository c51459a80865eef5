import EventStream
import Inputs
import Platform
import Reports
import Simulator
import Timing

/// `hingesim profiles`: lists the bundled device profiles; `--check FILE` validates one;
/// `--sources NAME` prints every value with its source; `--rule NAME` the frame rule's frames
/// next to the profile's; `--conflicts NAME` the disagreements between its sources.
struct ProfilesCommand: Command {
  static let name = "profiles"
  static let summary = "list device profiles, validate one with --check FILE, or show its sources or conflicts"
  static let usage = """
    usage: hingesim profiles [--check FILE | --sources NAME | --rule NAME | --conflicts [NAME]]

    Lists the device profiles in profiles/ with their poses and settle window.
    --check FILE validates a profile file and names the bad key and why, e.g.
      profiles/x.json: poses.book.reader.width: expected a positive number, found "wide"
    --sources NAME prints each value of a profile (NAME or a file) with its source: key,
      value (cut at 28 characters), kind (measured, reference-code, apple-spec, design-kit,
      vendor-spec, external, derived, assumed) and reason; on a terminal reasons wrap to its
      width, piped they stay on one line.
    --rule NAME prints, per pose, the profile's reader frame and fold next to what the frame
      rule gives (display − safe area − navigation bar; fold = display middle − reader origin
      − half the fold), marking where they differ (docs/profiles.md, "The frame rule").
    --conflicts [NAME] lists where the profile's sources disagree (iphone-duo by default):
      each conflict, the side the profile follows (*) and both sides' sources; take the
      other side for one run with --conflict NAME=SIDE on simulate, run, check, report,
      export, web, knob and bench (docs/profiles.md, "Conflicts between sources").

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    if let file = try args.option("--check") {
      _ = try args.positionals()
      let profile: Profile
      do {
        profile = try Profile.load(
          file, root: context.resourceRoot, limit: context.readLimits[.profile])
      } catch {
        throw CLIError(inputError: error)
      }
      context.stdout.line(
        "\(InputText.name(file)): ok (profile '\(InputText.name(profile.name))', \(profile.poses.count + profile.splitView.count) poses)"
      )
      return .ok
    }
    if let name = try args.option("--sources") {
      _ = try args.positionals()
      let rows: [SourcedValue]
      do {
        rows = try Profile.sources(name, root: context.resourceRoot, limit: context.readLimits[.profile])
      } catch {
        throw CLIError(inputError: error)
      }
      let width = context.stdout.isTerminal ? POSIX.terminalSize(1)?.columns : nil
      let shown = rows.map { row in
        var row = row
        row.path = InputText.name(row.path)
        row.value = InputText.name(row.value)
        row.reason = InputText.excerpt(row.reason, limit: InputText.noteLimit)
        return row
      }
      for line in SourcesTable.lines(shown, width: width) { context.stdout.line(line) }
      return .ok
    }
    if args.flag("--conflicts") {
      let names = try args.positionals()
      guard names.count <= 1 else {
        throw .usage("profiles --conflicts takes one profile, found '\(InputText.excerpt(names[1]))'")
      }
      let profile: Profile
      do {
        profile = try Profile.load(
          names.first ?? "iphone-duo", root: context.resourceRoot, limit: context.readLimits[.profile])
      } catch {
        throw CLIError(inputError: error)
      }
      let width = context.stdout.isTerminal ? POSIX.terminalSize(1)?.columns : nil
      var conflicts = profile.conflicts
      for entry in conflicts.entries.indices {
        for side in conflicts.entries[entry].sides.indices {
          conflicts.entries[entry].sides[side].reason = conflicts.entries[entry].sides[side].reason.map {
            InputText.excerpt($0, limit: InputText.noteLimit)
          }
        }
      }
      for line in ConflictsTable.lines(conflicts, width: width) { context.stdout.line(line) }
      return .ok
    }
    if let name = try args.option("--rule") {
      _ = try args.positionals()
      let profile: Profile
      do {
        profile = try Profile.load(name, root: context.resourceRoot, limit: context.readLimits[.profile])
      } catch {
        throw CLIError(inputError: error)
      }
      for line in FrameRuleTable.lines(profile) { context.stdout.line(line) }
      return .ok
    }
    _ = try args.positionals()
    let names = Profile.available(root: context.resourceRoot)
    guard !names.isEmpty else {
      throw CLIError("no profiles found in \(context.resourceRoot)/profiles", code: .noInput)
    }
    for name in names {
      do {
        let p = try Profile.load(name, root: context.resourceRoot, limit: context.readLimits[.profile])
        let poses =
          Pose.allCases.filter { p.poses[$0] != nil }.map(\.rawValue)
          + (p.splitView.isEmpty ? [] : ["splitView"])
        let hinge = p.hinge.map { "hinge \(Int($0.minAngle))–\(Int($0.maxAngle))°" } ?? "no hinge"
        context.stdout.line(
          "\(name)  \(hinge), settle \(NumberFormat.ms(p.settleWindowMs)) ms, poses: \(poses.joined(separator: ", "))")
        if !p.description.isEmpty { context.stdout.line("    \(p.description)") }
      } catch {
        context.stdout.line("\(name)  INVALID: \(error)")
      }
    }
    return .ok
  }
}
