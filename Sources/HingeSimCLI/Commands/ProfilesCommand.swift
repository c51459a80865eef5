import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// `hingesim profiles`: lists the bundled device profiles; `--check FILE` validates one;
/// `--sources NAME` prints every value with its source.
struct ProfilesCommand: Command {
  static let name = "profiles"
  static let summary = "list device profiles, validate one with --check FILE, or show its sources"
  static let usage = """
    usage: hingesim profiles [--check FILE | --sources NAME]

    Lists the device profiles in profiles/ with their poses and settle window.
    --check FILE validates a profile file and names the bad key and why, e.g.
      profiles/x.json: poses.book.reader.width: expected a positive number, found "wide"
    --sources NAME prints each value of a profile (NAME or a file) with its source: key,
      value (cut at 28 characters), kind (measured, apple-spec, design-kit, derived, assumed)
      and reason; on a terminal reasons wrap to its width, piped they stay on one line.

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    if let file = try args.option("--check") {
      _ = try args.positionals()
      let profile: Profile
      do {
        profile = try Profile.load(
          file.contains("/") || file.hasSuffix(".json") ? file : file, root: context.resourceRoot)
      } catch {
        throw CLIError(inputError: error)
      }
      context.stdout.line(
        "\(file): ok (profile '\(profile.name)', \(profile.poses.count + profile.splitView.count) poses)")
      return .ok
    }
    if let name = try args.option("--sources") {
      _ = try args.positionals()
      let rows: [SourcedValue]
      do {
        rows = try Profile.sources(name, root: context.resourceRoot)
      } catch {
        throw CLIError(inputError: error)
      }
      let width = context.stdout.isTerminal ? POSIX.terminalSize(1)?.columns : nil
      for line in SourcesTable.lines(rows, width: width) { context.stdout.line(line) }
      return .ok
    }
    _ = try args.positionals()
    let names = Profile.available(root: context.resourceRoot)
    guard !names.isEmpty else {
      throw CLIError("no profiles found in \(context.resourceRoot)/profiles", code: .noInput)
    }
    for name in names {
      do {
        let p = try Profile.load(name, root: context.resourceRoot)
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

/// The table `profiles --sources` prints: key, value, kind and reason in columns. Values longer
/// than 28 characters (font paths) are cut with `…`; with a width (a terminal) reasons wrap at
/// word boundaries under their column, without one they stay on one line.
enum SourcesTable {
  static func lines(_ rows: [SourcedValue], width: Int?) -> [String] {
    let maxValue = 28
    func cut(_ s: String) -> String { s.count <= maxValue ? s : String(s.prefix(maxValue - 1)) + "…" }
    let header = ("key", "value", "kind", "reason")
    let keyWidth = rows.map(\.path.count).max().map { max($0, header.0.count) } ?? header.0.count
    let valueWidth = rows.map { cut($0.value).count }.max().map { max($0, header.1.count) } ?? header.1.count
    let kindWidth = SourceKind.allCases.map(\.rawValue.count).max()!
    let indent = keyWidth + valueWidth + kindWidth + 6
    let reasonWidth = width.map { max($0 - indent, 30) }
    func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(n - s.count, 0)) }
    var out: [String] = []
    for (key, value, kind, reason) in [header] + rows.map({ ($0.path, cut($0.value), $0.kind.rawValue, $0.reason) }) {
      let wrapped = reasonWidth.map { wrap(reason, $0) } ?? [reason]
      out.append(pad(key, keyWidth) + "  " + pad(value, valueWidth) + "  " + pad(kind, kindWidth) + "  " + wrapped[0])
      for more in wrapped.dropFirst() { out.append(String(repeating: " ", count: indent) + more) }
    }
    return out
  }

  /// Words of `text` in lines of at most `width` characters (a longer word gets its own line).
  static func wrap(_ text: String, _ width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines.isEmpty || !line.isEmpty ? lines + [line] : lines
  }
}
