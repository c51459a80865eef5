import EventStream

/// The contact sheet of a comparison (`shots compare --out DIR` writes it as `DIR/index.html`):
/// a table of every pair with its verdict, then before, after and difference side by side for
/// each pair that changed, and the pictures left without a partner. Self-contained: inline
/// style, no script, no network; the pictures are files beside it.
public struct DiffSheet: Sendable {
  /// One changed pair on the sheet, with the file names (relative to the sheet) of its copies.
  public struct Row: Sendable {
    /// The comparison.
    public var comparison: ShotComparison
    /// The before picture's copy, the after picture's copy, the difference (nil when the sizes
    /// differ).
    public var before: String, after: String, diff: String?

    /// Makes a row.
    public init(comparison: ShotComparison, before: String, after: String, diff: String?) {
      self.comparison = comparison
      self.before = before
      self.after = after
      self.diff = diff
    }
  }

  /// The first folder, the second.
  public var beforeName: String, afterName: String
  /// Every pair compared, in order.
  public var comparisons: [ShotComparison] = []
  /// The pairs that changed, with their pictures.
  public var rows: [Row] = []
  /// Pictures without a partner.
  public var onlyBefore: [ShotRecord] = [], onlyAfter: [ShotRecord] = []
  /// What the verdict was judged by (`any change, or any in the fold`).
  public var thresholdText: String

  /// Makes an empty sheet.
  public init(beforeName: String, afterName: String, thresholdText: String) {
    self.beforeName = beforeName
    self.afterName = afterName
    self.thresholdText = thresholdText
  }

  /// The page.
  public var html: String {
    let failed = comparisons.filter(\.fails).count
    let unmatched = onlyBefore.count + onlyAfter.count
    var page = """
      <!doctype html>
      <html lang="en"><meta charset="utf-8"><title>hingesim shots compare</title>
      <style>
      body { font: 14px sans-serif; background: #eee; margin: 16px; }
      table { border-collapse: collapse; background: #fff; }
      td, th { padding: 3px 10px; text-align: left; font-family: monospace; white-space: nowrap; }
      td:last-child { white-space: normal; }
      tr.fail td { color: #a00; }
      section { background: #fff; margin: 16px 0; padding: 8px; }
      figure { display: inline-block; width: 380px; margin: 4px; vertical-align: top; }
      img { max-width: 380px; max-height: 440px; display: block; border: 1px solid #ccc; }
      figcaption { font-family: monospace; margin-top: 4px; overflow-wrap: anywhere; }
      .key span { display: inline-block; width: 12px; height: 12px; vertical-align: middle; margin: 0 4px 0 12px; }
      </style>
      <h1>\(Self.escape(beforeName)) → \(Self.escape(afterName))</h1>
      <p>\(comparisons.count) pair(s) by layout and time, \(failed) past the threshold (\(Self.escape(thresholdText))),
      \(unmatched) picture(s) without a partner.</p>
      <p class="key">Difference pictures: unchanged pixels faded<span style="background:#aac4ff"></span>the fold's band
      <span style="background:#f0f"></span>changed<span style="background:#e60000"></span>changed in the fold</p>
      <table><tr><th>#</th><th>layout</th><th>before</th><th>after</th><th>difference</th></tr>

      """
    for (i, comparison) in comparisons.enumerated() {
      let pair = comparison.pair
      page += "<tr\(comparison.fails ? " class=\"fail\"" : "")><td>\(i + 1)</td>"
      page += "<td>\(Self.escape(pair.before.layout)) (\(pair.occurrence))</td>"
      page += "<td>\(Self.escape(pair.before.file)) \(NumberFormat.ms(pair.before.timeMs)) ms</td>"
      page += "<td>\(Self.escape(pair.after.file)) \(NumberFormat.ms(pair.after.timeMs)) ms</td>"
      page += "<td>\(Self.escape(comparison.summary))</td></tr>\n"
    }
    page += "</table>\n"
    for row in rows {
      let pair = row.comparison.pair
      page +=
        "<section><h2>\(Self.escape(pair.before.layout)) (\(pair.occurrence)): \(Self.escape(row.comparison.summary))</h2>\n"
      page += figure(
        row.before, "before: \(pair.before.file), \(NumberFormat.ms(pair.before.timeMs)) ms — \(pair.before.caption)")
      page += figure(
        row.after, "after: \(pair.after.file), \(NumberFormat.ms(pair.after.timeMs)) ms — \(pair.after.caption)")
      if let diff = row.diff { page += figure(diff, "difference") }
      page += "</section>\n"
    }
    for (name, shots) in [(beforeName, onlyBefore), (afterName, onlyAfter)] where !shots.isEmpty {
      page += "<section><h2>Only in \(Self.escape(name))</h2><ul>\n"
      for shot in shots {
        page += "<li>\(Self.escape(shot.file)) \(NumberFormat.ms(shot.timeMs)) ms — \(Self.escape(shot.layout))</li>\n"
      }
      page += "</ul></section>\n"
    }
    return page
  }

  private func figure(_ file: String, _ caption: String) -> String {
    "<figure><img src=\"\(Self.escape(file))\" alt=\"\(Self.escape(caption))\"><figcaption>\(Self.escape(caption))"
      + "</figcaption></figure>\n"
  }

  /// Text for HTML (`&`, `<`, `>`, `"` as entities; control characters escaped as the
  /// terminal output escapes them).
  static func escape(_ text: String) -> String { MarkupText.escaped(InputText.escaped(text)) }
}
