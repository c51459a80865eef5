import EventStream

/// Two latency reports side by side: per-metric deltas of p50, p90 and p99, overall and per
/// cause, with regressions flagged beyond a threshold (for CI).
///
/// A figure regresses when it grew by more than `thresholdPercent` of the base **and** by
/// more than `minimumDeltaMs` (so 0.2 → 0.3 ms of noise is not a 50 % regression).
///
/// ```swift
/// let diff = LatencyComparison(base: before, new: after, thresholdPercent: 10)
/// print(diff.table()); exit(diff.hasRegression ? 1 : 0)
/// ```
public struct LatencyComparison: Sendable, Equatable {
  /// One compared figure.
  public struct Row: Sendable, Equatable {
    /// `overall` or a cause.
    public var scope: LatencyReport.Scope
    /// The latency.
    public var metric: LatencyReport.Metric
    /// `p50`, `p90` or `p99`.
    public var stat: LatencyReport.Statistic
    /// The base figure, ms.
    public var base: Double
    /// The new figure, ms.
    public var new: Double
    /// True when the growth passes both thresholds (never for a figure that does not compare).
    public var regression: Bool
    /// Why the two figures do not compare (another engine's term or clock), or nil when they do.
    public var notComparable: String? = nil

    /// New minus base, ms.
    public var delta: Double { new - base }
    /// The delta as a percentage of the base (nil when the base is 0).
    public var percent: Double? { base == 0 ? nil : (new - base) / base * 100 }
  }

  /// The statistics compared.
  public static let stats: [LatencyReport.Statistic] = [.p50, .p90, .p99]

  /// Every compared figure, overall first, then causes present in both reports.
  public var rows: [Row]
  /// Causes found in only one of the reports, with a word on which.
  public var unmatched: [String]
  /// What the command found different between the reports besides their figures (another
  /// hingesim version or host, inputs compared anyway with `--allow-different-inputs`),
  /// printed before the table and written as `notes` in JSON.
  public var inputNotes: [String] = []
  /// The relative threshold, percent.
  public var thresholdPercent: Double
  /// The absolute threshold, ms.
  public var minimumDeltaMs: Double

  /// Compares two reports.
  public init(
    base: LatencyReport, new: LatencyReport, thresholdPercent: Double = 10,
    minimumDeltaMs: Double = 1
  ) {
    self.thresholdPercent = thresholdPercent
    self.minimumDeltaMs = minimumDeltaMs
    rows = []
    unmatched = []
    var pairs = [(base.overall, new.overall)]
    let newByCause = Dictionary(new.causes.map { ($0.scope, $0) }, uniquingKeysWith: { a, _ in a })
    let baseCauses = Set(base.causes.map(\.scope))
    for group in base.causes {
      if let other = newByCause[group.scope] {
        pairs.append((group, other))
      } else {
        unmatched.append("\(group.scope.name): only in BASE (\(group.records) cycles)")
      }
    }
    for group in new.causes where !baseCauses.contains(group.scope) {
      unmatched.append("\(group.scope.name): only in NEW (\(group.records) cycles)")
    }
    for (b, n) in pairs {
      for metric in LatencyReport.Metric.allCases {
        guard let bs = b.metrics[metric], let ns = n.metrics[metric] else { continue }
        let reason = Self.incomparable(metric, base: base.inputs, new: new.inputs)
        for stat in Self.stats {
          let bv = bs.value(stat)
          let nv = ns.value(stat)
          let grew = nv - bv
          let regression = reason == nil && grew > minimumDeltaMs && grew > abs(bv) * thresholdPercent / 100
          rows.append(
            Row(
              scope: b.scope, metric: metric, stat: stat, base: bv, new: nv, regression: regression,
              notComparable: reason))
        }
      }
    }
  }

  /// True when any figure regressed.
  public var hasRegression: Bool { rows.contains { $0.regression } }

  /// The comparison as a table (after a `note:` line per input note), regressions marked
  /// `REGRESSION`, then a verdict line.
  public func table() -> String {
    var text = inputNotes.map { "note: \($0)\n" }.joined()
    var cells = [["scope", "metric", "stat", "base ms", "new ms", "delta", "delta %"]]
    for row in rows {
      let percent =
        row.percent.map { ($0 >= 0 ? "+" : "") + NumberFormat.fixed($0, 1) + "%" } ?? "—"
      let comparable = row.notComparable == nil
      cells.append([
        row.scope.name, row.metric.title, row.stat.rawValue, NumberFormat.fixed(row.base, 2),
        NumberFormat.fixed(row.new, 2),
        comparable ? (row.delta >= 0 ? "+" : "") + NumberFormat.fixed(row.delta, 2) : "—", comparable ? percent : "—",
      ])
    }
    // Each column as wide as its widest cell, and two spaces between columns whatever a figure's
    // size: a 113350.6 % delta never runs into the column before it.
    let widths = (0..<7).map { column in cells.map { $0[column].count }.max() ?? 0 }
    for (index, line) in cells.enumerated() {
      var out = ""
      for column in 0..<7 {
        let cell = line[column]
        out +=
          column < 3
          ? NumberFormat.right(cell, widths[column] + 2) : "  " + NumberFormat.left(cell, widths[column])
      }
      if index > 0, rows[index - 1].regression { out += "  REGRESSION" }
      if index > 0, let reason = rows[index - 1].notComparable { out += "  not comparable: \(reason)" }
      text += out + "\n"
    }
    for note in unmatched { text += "note: \(note)\n" }
    let incomparable = rows.filter { $0.notComparable != nil }.count
    if incomparable > 0 {
      text +=
        "note: \(incomparable) figure(s) not comparable (another engine's term or clock): listed, never a regression\n"
    }
    let count = rows.filter(\.regression).count
    text +=
      count == 0
      ? "no regression (threshold \(NumberFormat.shortest(thresholdPercent)) % and \(NumberFormat.shortest(minimumDeltaMs)) ms)\n"
      : "\(count) regression(s) beyond \(NumberFormat.shortest(thresholdPercent)) % and \(NumberFormat.shortest(minimumDeltaMs)) ms\n"
    return text
  }
}

extension LatencyComparison {
  /// The comparison as JSON: thresholds, `regression`, one object per compared figure, the
  /// `unmatched` causes and the input `notes`.
  public func json() -> String {
    var w = JSONObjectWriter()
    w.field("thresholdPercent", thresholdPercent)
    w.field("minimumDeltaMs", minimumDeltaMs)
    w.field("regression", hasRegression)
    w.openArray("rows")
    for row in rows {
      w.openElement()
      w.field("scope", row.scope.name)
      w.field("metric", row.metric.rawValue)
      w.field("stat", row.stat.rawValue)
      w.field("base", row.base)
      w.field("new", row.new)
      w.field("delta", row.delta)
      w.field("percent", row.percent)
      w.field("regression", row.regression)
      if let reason = row.notComparable { w.field("notComparable", reason) }
      w.close()
    }
    w.closeArray()
    w.openArray("unmatched")
    for note in unmatched {
      var bytes: [UInt8] = []
      JSONObjectWriter.appendString(note, to: &bytes)
      w.rawElement(bytes)
    }
    w.closeArray()
    w.openArray("notes")
    for note in inputNotes {
      var bytes: [UInt8] = []
      JSONObjectWriter.appendString(note, to: &bytes)
      w.rawElement(bytes)
    }
    w.closeArray()
    w.close()
    return String(decoding: w.bytes, as: UTF8.self) + "\n"
  }
}
