import EventStream
import Platform
import Shots

/// `hingesim shots compare A B`: two folders of `web --screenshots` pictures paired by layout
/// and time, compared pixel by pixel with the fold's band judged apart, and a contact sheet of
/// the differences.
struct ShotsCommand: Command {
  static let name = "shots"
  static let summary = "compare two folders of web screenshots: changed pixels, the fold, a sheet"
  static let usage = """
    usage: hingesim shots compare BEFORE AFTER [--threshold F] [--out DIR]

    Compares two folders written by 'hingesim web --screenshots DIR' (two runs of the same
    source: before and after a change to the page). Each folder's index, DIR/shots.jsonl,
    gives every picture's layout (pose, frame, text size), time and fold. Pictures are paired
    by layout and time: the k-th picture of a layout in BEFORE, in time order, with the k-th
    of the same layout in AFTER. Each pair is decoded with libpng and compared pixel by pixel
    (a pixel changed when any of its R, G, B, A bytes did); prints per pair the changed
    pixels and how many lie in the fold's band, and writes DIR/index.html: every pair's
    verdict, then before, after and the difference (changed pixels magenta, red in the fold)
    for each pair that changed (docs/shots.md).

    options:
      --threshold F   the fraction of a pair's pixels that may change, 0 to 1 (default 0:
                      any change fails); a change in the fold's band, or pictures of
                      different sizes, always fail
      --out DIR       where the sheet and its pictures go (default: shots-diff; made if
                      missing; not one of the two folders)

    Exit: 0 every pair within the threshold; 1 a pair past it, or a picture without a
    partner (each named), or nothing to compare; 64 usage; 65 an index line that is not a
    record, or a file that is not a PNG libpng reads whole (FILE: expected a PNG, found …),
    or one over 2^25 pixels; 66 a folder, its index or a picture missing; 69 libpng missing;
    74 a read or write failed.

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    guard let sub = args.subcommand() else { throw .usage("shots needs a subcommand: compare BEFORE AFTER") }
    guard sub == "compare" else {
      throw .usage("unknown shots subcommand '\(InputText.excerpt(sub))' (available: compare)")
    }
    let fraction = try args.double("--threshold") ?? 0
    guard fraction >= 0, fraction <= 1 else {
      throw .usage("--threshold: expected a fraction from 0 to 1, found \(NumberFormat.shortest(fraction))")
    }
    let out = try args.option("--out") ?? "shots-diff"
    let folders = try args.positionals()
    guard folders.count == 2 else {
      throw .usage("shots compare takes two folders, BEFORE and AFTER; found \(folders.count)")
    }
    return try compare(folders[0], folders[1], threshold: ShotThreshold(fraction: fraction), out: out, context)
  }

  /// Reads both indexes, compares every pair, prints the verdicts and writes the sheet.
  static func compare(
    _ beforeDirectory: String, _ afterDirectory: String, threshold: ShotThreshold, out: String,
    _ context: CommandContext
  ) throws(CLIError) -> ExitCode {
    let before = try read(beforeDirectory)
    let after = try read(afterDirectory)
    if POSIX.exists(out + "/" + ShotIndex.fileName) {
      throw .usage(
        "--out \(InputText.excerpt(out, limit: 200)): it holds a \(ShotIndex.fileName) (a folder of screenshots); "
          + "give a folder of its own")
    }
    guard WholeFile.makeDirectories(out) else {
      throw CLIError("\(InputText.excerpt(out, limit: 200)): cannot make the folder", code: .ioError)
    }
    let pairing = ShotPairing(before.shots, after.shots)
    let thresholdText =
      threshold.fraction == 0
      ? "any changed pixel, or any in the fold"
      : "over \(NumberFormat.shortest(threshold.fraction * 100)) % of the pixels, or any in the fold"
    var sheet = DiffSheet(
      beforeName: InputText.excerpt(beforeDirectory, limit: 200),
      afterName: InputText.excerpt(afterDirectory, limit: 200),
      thresholdText: thresholdText)
    let stdout = context.stdout
    stdout.line(
      "\(sheet.beforeName): \(before.shots.count) picture(s); \(sheet.afterName): \(after.shots.count); "
        + "\(pairing.pairs.count) pair(s) by layout and time")
    let width = min(40, pairing.pairs.map { $0.before.layout.count + String($0.occurrence).count + 3 }.max() ?? 0)
    for (i, pair) in pairing.pairs.enumerated() {
      let comparison: ShotComparison
      do {
        comparison = try ShotComparison(pair, before: before, after: after, threshold: threshold)
      } catch {
        throw CLIError(shots: error)
      }
      let number = String(i + 1)
      stdout.line(
        NumberFormat.left(number, 4) + "  "
          + NumberFormat.right("\(InputText.excerpt(pair.before.layout)) (\(pair.occurrence))", width)
          + "  " + NumberFormat.left(NumberFormat.ms(pair.before.timeMs), 7) + " → "
          + NumberFormat.right(NumberFormat.ms(pair.after.timeMs) + " ms", 12) + comparison.summary
          + (comparison.fails ? "  FAIL" : ""))
      sheet.comparisons.append(comparison)
      if case .same = comparison.diff.outcome { continue }
      let stem = String(repeating: "0", count: max(0, 3 - number.count)) + number
      try write(out, stem + "-before.png", comparison.beforeBytes)
      try write(out, stem + "-after.png", comparison.afterBytes)
      var diffName: String?
      if let image = comparison.diff.image {
        let bytes: [UInt8]
        do { bytes = try image.encoded() } catch { throw CLIError(shots: ShotsError(file: out, png: error)) }
        try write(out, stem + "-diff.png", bytes)
        diffName = stem + "-diff.png"
      }
      sheet.rows.append(
        DiffSheet.Row(comparison: comparison, before: stem + "-before.png", after: stem + "-after.png", diff: diffName))
    }
    sheet.onlyBefore = pairing.onlyBefore
    sheet.onlyAfter = pairing.onlyAfter
    for (name, shots) in [(sheet.beforeName, pairing.onlyBefore), (sheet.afterName, pairing.onlyAfter)] {
      for shot in shots {
        stdout.line(
          "unmatched: \(name)/\(InputText.excerpt(shot.file)) at \(NumberFormat.ms(shot.timeMs)) ms "
            + "(\(InputText.excerpt(shot.layout))) has no partner in \(name == sheet.beforeName ? sheet.afterName : sheet.beforeName)"
        )
      }
    }
    try write(out, "index.html", Array(sheet.html.utf8))
    let failed = sheet.comparisons.filter(\.fails).count
    let unmatched = pairing.onlyBefore.count + pairing.onlyAfter.count
    let nothing = pairing.pairs.isEmpty && unmatched == 0
    let ok = failed == 0 && unmatched == 0 && !nothing
    stdout.line(
      (ok ? "ok    " : "FAIL  ")
        + (nothing
          ? "nothing to compare: neither index lists a picture"
          : "\(failed) of \(pairing.pairs.count) pair(s) past the threshold (\(thresholdText))"
            + (unmatched > 0 ? ", \(unmatched) picture(s) without a partner" : ""))
        + "; sheet \(InputText.excerpt(out, limit: 200))/index.html")
    return ok ? .ok : .failure
  }

  private static func read(_ directory: String) throws(CLIError) -> ShotIndex {
    do { return try ShotIndex.read(directory) } catch { throw CLIError(shots: error) }
  }

  private static func write(_ directory: String, _ name: String, _ bytes: [UInt8]) throws(CLIError) {
    guard WholeFile.replace(directory + "/" + name, with: bytes) else {
      throw CLIError("\(InputText.excerpt(directory, limit: 200))/\(name): cannot write", code: .ioError)
    }
  }
}

extension CLIError {
  /// A comparison's error with its exit code: 65 bad data, 66 missing, 69 no libpng, 74 I/O.
  init(shots error: ShotsError) {
    let code: ExitCode =
      switch error.kind {
      case .badData: .dataError
      case .missing: .noInput
      case .unavailable: .unavailable
      case .io: .ioError
      }
    self.init(error.summary, code: code)
  }
}
