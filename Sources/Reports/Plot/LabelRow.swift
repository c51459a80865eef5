/// One row of labels in a lane: a label that would overlap the previous one is left out (its
/// mark keeps a tooltip).
struct LabelRow {
  private var end = -Double.infinity

  /// True (and the row taken) when a label of `text` at `x` fits after the previous one.
  mutating func place(_ x: Double, _ text: String) -> Bool {
    guard x >= end else { return false }
    end = x + 6 * Double(text.count) + 6
    return true
  }
}
