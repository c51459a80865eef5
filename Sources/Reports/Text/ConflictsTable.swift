import Simulator

/// What `profiles --conflicts` prints: per conflict the profile names, a line with its name,
/// what it is about and the side the profile follows, then both sides with their sources'
/// kind and reason (the followed side marked `*`). With a width (a terminal) reasons wrap
/// under their column; piped they stay on one line.
///
/// ```
/// tabletopFold: where the fold is in tabletop — follows fold-moves
///   * fold-moves  assumed   the measured 835-pt reader taken flush with the display's bottom …
///     fold-stays  measured  the fold frame stays put when the phone folds, … (the device study)
/// ```
public enum ConflictsTable {
  /// The lines for a profile's conflicts; `width` is the terminal's, nil when piped.
  public static func lines(_ conflicts: Profile.Conflicts, width: Int?) -> [String] {
    guard !conflicts.entries.isEmpty else {
      return ["no conflicts between sources in this profile (--division-when-flat applies to any profile)"]
    }
    let sideWidth = conflicts.entries.flatMap { $0.sides.map(\.name.count) }.max() ?? 0
    let kindWidth = SourceKind.allCases.map(\.rawValue.count).max()!
    let indent = 4 + sideWidth + 2 + kindWidth + 2
    let reasonWidth = width.map { max($0 - indent, 30) }
    func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(n - s.count, 0)) }
    var out: [String] = []
    for entry in conflicts.entries {
      out.append("\(entry.conflict.rawValue): \(entry.conflict.subject) — follows \(entry.chosen)")
      for side in entry.sides {
        let mark = side.name == entry.chosen ? "  * " : "    "
        let reason = side.reason ?? "(the profile gives no source for this side)"
        let wrapped = reasonWidth.map { SourcesTable.wrap(reason, $0) } ?? [reason]
        out.append(
          mark + pad(side.name, sideWidth) + "  " + pad(side.kind?.rawValue ?? "—", kindWidth) + "  " + wrapped[0])
        for more in wrapped.dropFirst() { out.append(String(repeating: " ", count: indent) + more) }
      }
    }
    return out
  }
}
