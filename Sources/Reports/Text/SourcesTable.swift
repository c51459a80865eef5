import Simulator

/// The table `profiles --sources` prints: key, value, kind and reason in columns. Values longer
/// than 28 characters (font paths) are cut with `…`, keys longer than 44 overrun their column;
/// with a width (a terminal) reasons wrap at word boundaries under their column, without one
/// they stay on one line.
public enum SourcesTable {
  /// The table's lines for `rows`; `width` is the terminal's, nil when piped.
  public static func lines(_ rows: [SourcedValue], width: Int?) -> [String] {
    let maxValue = 28
    func cut(_ s: String) -> String { s.count <= maxValue ? s : String(s.prefix(maxValue - 1)) + "…" }
    let header = ("key", "value", "kind", "reason")
    // Keys past 44 characters (a conflict side's data) overrun their column rather than widen it.
    let keyWidth = min(rows.map(\.path.count).max().map { max($0, header.0.count) } ?? header.0.count, 44)
    let valueWidth = rows.map { cut($0.value).count }.max().map { max($0, header.1.count) } ?? header.1.count
    let kindWidth = SourceKind.allCases.map(\.rawValue.count).max()!
    let indent = keyWidth + valueWidth + kindWidth + 6
    let reasonWidth = width.map { max($0 - indent, 30) }
    func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(n - s.count, 0)) }
    var out: [String] = []
    for (key, value, kind, reason) in [header] + rows.map({ ($0.path, cut($0.value), $0.kind.rawValue, $0.reason) }) {
      let wrapped = reasonWidth.map { wrap(reason, $0) } ?? [reason]
      let keyColumn = key.count > keyWidth ? key + "  " : pad(key, keyWidth) + "  "
      out.append(keyColumn + pad(value, valueWidth) + "  " + pad(kind, kindWidth) + "  " + wrapped[0])
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
