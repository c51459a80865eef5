import EventStream

extension LatencyReport {
  /// What a report keeps of one timing record: its cause, whether it was measured, and its
  /// latencies — exactly what the figures are computed from. A JSON report carries one per
  /// record (`records`), so reports of shards merge into the report of all their sources with
  /// exact nearest-rank percentiles (`hingesim report --merge`).
  ///
  /// ```swift
  /// let report = LatencyReport(measurements: shardA + shardB)   // as one report of both
  /// ```
  public struct Measurement: Sendable, Equatable {
    /// Whether the record's latencies count.
    public enum State: String, Sendable, CaseIterable {
      /// Shown (or skipped: nothing to repaginate): in every metric that has a value.
      case measured
      /// Replaced before it was paginated: counted, in no metric.
      case superseded
      /// The run ended before it was shown: counted, in no metric.
      case interrupted
    }

    /// What caused the cycle.
    public var cause: SettleCause
    /// Whether its latencies count.
    public var state: State
    /// One value per metric that applies (none unless `measured`).
    public var values: [Metric: Double]

    /// Makes a measurement; a record that is not `measured` keeps no values.
    public init(cause: SettleCause, state: State, values: [Metric: Double] = [:]) {
      self.cause = cause
      self.state = state
      self.values = state == .measured ? values : [:]
    }

    /// What a report keeps of `record`.
    public init(_ record: TimingRecord) {
      let state: State = record.isSuperseded ? .superseded : record.isInterrupted ? .interrupted : .measured
      var values: [Metric: Double] = [:]
      for metric in Metric.allCases {
        if let value = metric.value(of: record) { values[metric] = value }
      }
      self.init(cause: record.cause, state: state, values: values)
    }
  }

  /// Summarises measurements per cause and overall, as `init(records:)` does the records they
  /// were made from.
  public init(
    measurements: [Measurement], producer: ReportProducer? = nil, inputs: ReportInputs? = nil,
    violations: [ViolationSummary] = [], run: RunFacts? = nil
  ) {
    var byCause: [Scope: [Measurement]] = [:]
    for m in measurements { byCause[.cause(m.cause), default: []].append(m) }
    self.init(
      causes: byCause.keys.sorted().map { Group(scope: $0, measurements: byCause[$0]!) },
      overall: Group(scope: .overall, measurements: measurements), producer: producer, inputs: inputs,
      violations: violations)
    self.measurements = measurements
    self.run = run
  }
}

extension LatencyReport.Group {
  /// Summarises measurements under a scope; superseded and interrupted ones are counted, not
  /// measured.
  public init(scope: LatencyReport.Scope, measurements: [LatencyReport.Measurement]) {
    let measured = measurements.filter { $0.state == .measured }
    var metrics: [LatencyReport.Metric: LatencyReport.Summary] = [:]
    for metric in LatencyReport.Metric.allCases {
      if let summary = LatencyReport.Summary(values: measured.compactMap { $0.values[metric] }) {
        metrics[metric] = summary
      }
    }
    self.init(
      scope: scope, records: measurements.count, superseded: measurements.count { $0.state == .superseded },
      interrupted: measurements.count { $0.state == .interrupted }, metrics: metrics)
  }
}

extension LatencyReport {
  /// How a report's run went, beyond its inputs: what the text report's header and the exit
  /// status say, so a merge of shards prints what one report of all their sources prints.
  public struct RunFacts: Sendable, Equatable {
    /// The settle window came from `--settle-ms`, not the profile.
    public var settleFromOption: Bool
    /// Every source's pipeline had a reader (pagination and `shown` measured).
    public var readerMeasured: Bool
    /// Bad lines skipped under `--lenient`.
    public var skippedLines: Int

    /// Makes the facts of a run.
    public init(settleFromOption: Bool, readerMeasured: Bool, skippedLines: Int) {
      self.settleFromOption = settleFromOption
      self.readerMeasured = readerMeasured
      self.skippedLines = skippedLines
    }
  }
}
