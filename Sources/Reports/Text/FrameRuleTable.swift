import EventStream
import Simulator

/// The table `profiles --rule` prints: per pose (and Split View pane), the profile's reader
/// frame and fold next to what the frame rule gives, and where they differ — so a measured
/// value that wins over the rule shows its gap.
///
/// ```
/// pose            profile            rule               fold (profile)  fold (rule)
/// openTall        669 × 787          669 × 714   differs  y 313.5       y 313.5
/// ```
public enum FrameRuleTable {
  /// The table's lines for a profile.
  public static func lines(_ profile: Profile) -> [String] {
    var rows: [[String]] = [["pose", "profile", "rule", "", "fold (profile)", "fold (rule)", ""]]
    let poses: [(String, Pose, SplitMode)] =
      Pose.allCases.filter { profile.poses[$0] != nil }.map { ($0.rawValue, $0, .off) }
      + [("splitViewLeft", .splitView, .left), ("splitViewRight", .splitView, .right)].filter {
        profile.splitView[$0.2] != nil
      }
    for (name, pose, split) in poses {
      guard let geometry = pose == .splitView ? profile.splitView[split] : profile.poses[pose],
        let rule = profile.ruleFrame(for: pose, split: split)
      else { continue }
      let frameDiffers = geometry.width != rule.width || geometry.height != rule.height
      var foldText = "—"
      var ruleFold = "—"
      var foldDiffers = false
      if let d = geometry.division, let r = rule.fold {
        let vertical = d.height >= d.width
        let chosen = vertical ? d.x : d.y
        foldText = (vertical ? "x " : "y ") + NumberFormat.shortest(chosen)
        ruleFold = (vertical ? "x " : "y ") + NumberFormat.shortest(r)
        foldDiffers = chosen != r
      }
      rows.append([
        name, size(geometry.width, geometry.height), size(rule.width, rule.height), frameDiffers ? "differs" : "",
        foldText, ruleFold, foldDiffers ? "differs" : "",
      ])
    }
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        line += cell + String(repeating: " ", count: widths[column] - cell.count + 2)
      }
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
  }

  private static func size(_ width: Double, _ height: Double) -> String {
    "\(NumberFormat.shortest(width)) × \(NumberFormat.shortest(height))"
  }
}
