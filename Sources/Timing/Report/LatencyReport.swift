import EventStream

/// A latency summary of timing records: count, min, p50, p90, p99 and max (nearest-rank) of
/// each latency, per cause and overall.
///
/// ```swift
/// let report = LatencyReport(records: records)
/// print(report.table())          // a block per cause, then overall
/// let json = report.json()       // for `hingesim report --compare`
/// let back = try LatencyReport(json: Array(json.utf8))
/// ```
public struct LatencyReport: Sendable, Equatable {
  /// A latency derived from a timing record, in milliseconds.
  public enum Metric: String, CaseIterable, Sendable {
    /// Last scene size → page shown (settle wait plus pagination); nil without a size change.
    case lastSizeToShown
    /// Cause (the input) → page shown.
    case causeToShown
    /// Last scene size (or the cause) → settle.
    case settleWait
    /// Pagination compute time, as the cost model charged it (an app: its own time).
    case pagination
    /// A real reader's late start (`lateStartMs`: delivery and its own debounce after the
    /// settle); 0 for the reader model. Metrics added later come last, so the CSV's rows of the
    /// older ones keep their order.
    case lateStart
    /// Its pagination's end → its `shown` (`paginatedToShownMs`); 0 for the reader model.
    case paginatedToShown
    /// `shown` → the first frame painted with it (`paintedMs`); only where a real reader
    /// measured it.
    case painted
    /// Last scene size → the first frame painted (`lastSizeToShown + paintedMs`).
    case lastSizeToPainted

    /// The metric's value for a record, or nil when it does not apply.
    public func value(of record: TimingRecord) -> Double? {
      switch self {
      case .lastSizeToShown: record.lastSizeToShown
      case .causeToShown: record.causeToShown
      case .settleWait: record.settleWait
      case .pagination: record.paginationMs
      case .lateStart: record.lateStartMs
      case .paginatedToShown: record.paginatedToShownMs
      case .painted: record.paintedMs
      case .lastSizeToPainted: record.lastSizeToPainted
      }
    }

    /// The metric's name in tables.
    public var title: String {
      switch self {
      case .lastSizeToShown: "last size → shown"
      case .causeToShown: "cause → shown"
      case .settleWait: "settle wait"
      case .pagination: "pagination"
      case .lateStart: "late start"
      case .paginatedToShown: "paginated → shown"
      case .painted: "shown → painted"
      case .lastSizeToPainted: "last size → painted"
      }
    }

    /// The metrics every table shows; the others (a real reader's terms) only when some
    /// record of the report has a value other than 0 for them — for the reader model they are
    /// 0 or absent, and its tables stay as they were.
    public static let always: [Metric] = [.lastSizeToShown, .causeToShown, .settleWait, .pagination]
  }

  /// Count, min, nearest-rank p50 / p90 / p99 and max of one metric's values.
  public struct Summary: Sendable, Equatable {
    /// Values summarised.
    public var count: Int
    /// Smallest value.
    public var min: Double
    /// Median (nearest rank).
    public var p50: Double
    /// 90th percentile (nearest rank).
    public var p90: Double
    /// 99th percentile (nearest rank).
    public var p99: Double
    /// Largest value.
    public var max: Double

    /// Makes a summary from its figures.
    public init(count: Int, min: Double, p50: Double, p90: Double, p99: Double, max: Double) {
      self.count = count
      self.min = min
      self.p50 = p50
      self.p90 = p90
      self.p99 = p99
      self.max = max
    }

    /// Summarises values; nil when there are none.
    public init?(values: [Double]) {
      let sorted = values.sorted()
      guard let first = sorted.first, let last = sorted.last else { return nil }
      self.init(
        count: sorted.count, min: first, p50: Percentile.nearestRank(50, ofSorted: sorted)!,
        p90: Percentile.nearestRank(90, ofSorted: sorted)!,
        p99: Percentile.nearestRank(99, ofSorted: sorted)!,
        max: last)
    }

    /// One figure of the summary.
    public func value(_ stat: Statistic) -> Double {
      switch stat {
      case .min: min
      case .p50: p50
      case .p90: p90
      case .p99: p99
      case .max: max
      }
    }
  }

  /// A figure of a summary, by its name in tables and JSON.
  public enum Statistic: String, CaseIterable, Sendable {
    case min, p50, p90, p99, max
  }

  /// What a group summarises: every record, or the records of one cause.
  public enum Scope: Sendable, Hashable, Comparable {
    /// Every record.
    case overall
    /// The records of one cause.
    case cause(SettleCause)

    /// `overall` or the cause's name.
    public var name: String {
      switch self {
      case .overall: "overall"
      case .cause(let cause): cause.name
      }
    }

    /// The scope a name stands for, or nil.
    public init?(name: String) {
      if name == "overall" {
        self = .overall
      } else if let cause = SettleCause(name: name) {
        self = .cause(cause)
      } else {
        return nil
      }
    }

    /// Ordered by name (tables list causes alphabetically).
    public static func < (a: Scope, b: Scope) -> Bool { a.name < b.name }
  }

  /// The records of one cause (or all of them) summarised per metric.
  ///
  /// A `superseded` record (a layout replaced before it was paginated) is counted in `records`
  /// and `superseded` but in no metric: it was never shown, so it has no latency, and its
  /// settle wait and zero pagination would only dilute the figures of the layouts people saw.
  /// An `interrupted` record (the run ended before the reader answered its settle) is counted
  /// in `records` and `interrupted`, apart, and in no metric either.
  /// A `skip` record (nothing to repaginate: the page on screen was right) counts in every
  /// metric, with pagination 0: the user did wait that long for the page, and the reader did
  /// no work.
  public struct Group: Sendable, Equatable {
    /// The cause, or `overall` for every record.
    public var scope: Scope
    /// Timing records in the group (settle cycles), superseded ones included.
    public var records: Int
    /// Of `records`, those superseded before they were paginated (in no metric).
    public var superseded: Int
    /// Of `records`, those whose run ended before they were shown (in no metric).
    public var interrupted: Int
    /// One summary per metric that has values.
    public var metrics: [Metric: Summary]

    /// Makes a group from its figures.
    public init(
      scope: Scope, records: Int, superseded: Int = 0, interrupted: Int = 0, metrics: [Metric: Summary]
    ) {
      self.scope = scope
      self.records = records
      self.superseded = superseded
      self.interrupted = interrupted
      self.metrics = metrics
    }

    /// Summarises records under a scope; superseded and interrupted records are counted, not
    /// measured.
    public init(scope: Scope, records: [TimingRecord]) {
      self.init(scope: scope, measurements: records.map(Measurement.init))
    }
  }

  /// One group per cause, sorted by cause.
  public var causes: [Group]
  /// Every record.
  public var overall: Group
  /// Who made the report (nil for a report that does not say: one read from an old file, or
  /// made from records alone).
  public var producer: ReportProducer?
  /// What the report measured (nil when it does not say); `--compare` needs it.
  public var inputs: ReportInputs?
  /// Reader rules broken, per source and rule (empty when none, or not recorded).
  public var violations: [ViolationSummary]
  /// One measurement per record, in source order: what a merge of reports needs (nil for a
  /// report made from its figures alone, or read from a file written without them).
  public var measurements: [Measurement]?
  /// How the run went beyond its inputs (nil when not recorded).
  public var run: RunFacts?

  /// Makes a report from its groups.
  public init(
    causes: [Group], overall: Group, producer: ReportProducer? = nil, inputs: ReportInputs? = nil,
    violations: [ViolationSummary] = []
  ) {
    self.causes = causes
    self.overall = overall
    self.producer = producer
    self.inputs = inputs
    self.violations = violations
  }

  /// Summarises timing records per cause and overall.
  public init(
    records: [TimingRecord], producer: ReportProducer? = nil, inputs: ReportInputs? = nil,
    violations: [ViolationSummary] = [], run: RunFacts? = nil
  ) {
    self.init(
      measurements: records.map(Measurement.init), producer: producer, inputs: inputs, violations: violations,
      run: run)
  }

  // MARK: - Text

  /// A block per cause and one for all records: count, min, p50, p90, p99, max in ms.
  public func table() -> String {
    var text = ""
    let shown = Metric.allCases.filter { metric in
      Metric.always.contains(metric) || (overall.metrics[metric].map { $0.min != 0 || $0.max != 0 } ?? false)
    }
    for group in causes + [overall] {
      let cycles = group.records == 1 ? "1 cycle" : "\(group.records) cycles"
      var apart: [String] = []
      if group.superseded > 0 { apart.append("\(group.superseded) superseded") }
      if group.interrupted > 0 { apart.append("\(group.interrupted) interrupted by the run's end") }
      let notes = apart.isEmpty ? "" : " (\(apart.joined(separator: ", ")): never shown, in no figure below)"
      text += "\(group.scope.name) — \(cycles)\(notes)\n"
      text += "  " + NumberFormat.right("latency (ms)", 20) + NumberFormat.left("count", 6)
      for stat in Statistic.allCases { text += NumberFormat.left(stat.rawValue, 10) }
      text += "\n"
      for metric in shown {
        text += "  " + NumberFormat.right(metric.title, 20)
        guard let s = group.metrics[metric] else {
          text += NumberFormat.left("0", 6) + NumberFormat.left("—", 10) + "\n"
          continue
        }
        text += NumberFormat.left(String(s.count), 6)
        for stat in Statistic.allCases {
          text += NumberFormat.left(NumberFormat.fixed(s.value(stat), 2), 10)
        }
        text += "\n"
      }
      text += "\n"
    }
    return text
  }

  /// One row per cause and metric: `cause,metric,count,min,p50,p90,p99,max` (ms), every
  /// metric in `Metric.allCases` order (the later ones after the first four, whatever the
  /// engine: a spreadsheet's rows do not move).
  public func csv() -> String {
    var text = "cause,metric,count,min_ms,p50_ms,p90_ms,p99_ms,max_ms\n"
    for group in causes + [overall] {
      for metric in Metric.allCases {
        let cause = Self.csvField(group.scope.name)
        guard let s = group.metrics[metric] else {
          text += "\(cause),\(metric.rawValue),0,,,,,\n"
          continue
        }
        text += "\(cause),\(metric.rawValue),\(s.count)"
        for stat in Statistic.allCases { text += "," + NumberFormat.shortest(s.value(stat), places: 6) }
        text += "\n"
      }
    }
    return text
  }

  private static func csvField(_ text: String) -> String {
    guard text.contains(",") || text.contains("\"") || text.contains("\n") else { return text }
    return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
  }
}

extension String {
  /// Every occurrence of `target` replaced (Foundation-free).
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for c in self { if c == target { result += replacement } else { result.append(c) } }
    return result
  }
}
