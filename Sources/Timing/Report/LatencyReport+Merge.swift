import EventStream

/// A report that cannot be merged with the others: why, and which file (exit 65).
public struct ReportMergeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, naming the reports.
  public var description: String

  /// Makes an error.
  public init(_ description: String) { self.description = description }
}

extension LatencyReport {
  /// Merges the JSON reports of shards — `report --json` runs over parts of one trace library —
  /// into the report one `report` over all their sources, in the shards' order, would have
  /// written: the records are put together and summarised again, so every percentile is the
  /// exact nearest rank over all of them.
  ///
  /// ```swift
  /// let merged = try LatencyReport.merge([("a.json", a), ("b.json", b)], producer: here)
  /// merged.json() == LatencyReport(records: recordsOfA + recordsOfB, …).json()   // true
  /// ```
  /// The shards must have measured the same inputs besides their sources (profile, text,
  /// settle window and where it came from, compute model, reader, clock, window: what
  /// `--compare` requires) with the same hingesim version; each must carry its records and
  /// inputs, and no source may be in two shards. The merged report is made by `producer` when
  /// the shards' hosts differ, else by theirs.
  public static func merge(_ shards: [(name: String, report: LatencyReport)], producer: ReportProducer)
    throws(ReportMergeError) -> LatencyReport
  {
    var mergeable: [Mergeable] = []
    for (name, shard) in shards {
      guard let inputs = shard.inputs, let records = shard.measurements, let run = shard.run else {
        throw ReportMergeError(
          "\(name): no records to merge (a report written by an older hingesim, or not by 'report --json'): "
            + "make it again with 'hingesim report --json'")
      }
      // A file edited by hand, or records pasted from another report, would merge into
      // figures nobody measured.
      let summarised = LatencyReport(measurements: records)
      guard summarised.overall == shard.overall, summarised.causes == shard.causes else {
        throw ReportMergeError(
          "\(name): its records do not give its own figures (was it edited?): make it again with 'hingesim report --json'"
        )
      }
      mergeable.append(Mergeable(name: name, report: shard, inputs: inputs, records: records, run: run))
    }
    guard let first = mergeable.first else { throw ReportMergeError("expected reports to merge, found none") }
    var measurements: [Measurement] = []
    var violations: [ViolationSummary] = []
    var sources: [ReportInputs.Source] = []
    var sourceShard: [String: String] = [:]
    var readerMeasured = true
    var skipped = 0
    var problems: [String] = []
    for (index, shard) in mergeable.enumerated() {
      if index > 0 {
        problems += differences(first, shard)
      }
      let inputs = shard.inputs
      for source in inputs.sources {
        let key = source.path + "\u{0}" + (source.hash ?? "")
        if let other = sourceShard[key] {
          problems.append("\(source.path) is in both \(other) and \(shard.name): each source belongs to one shard")
        }
        sourceShard[key] = shard.name
      }
      measurements += shard.records
      violations += shard.report.violations
      sources += inputs.sources
      readerMeasured = readerMeasured && shard.run.readerMeasured
      skipped += shard.run.skippedLines
    }
    guard problems.isEmpty else {
      throw ReportMergeError(
        "the reports do not merge into one report of the same inputs:\n"
          + problems.map { "  \($0)" }.joined(separator: "\n"))
    }
    var inputs = first.inputs
    inputs.sources = sources
    let producers = shards.compactMap(\.report.producer)
    let sameHost = producers.count == shards.count && producers.allSatisfy { $0 == producers[0] }
    return LatencyReport(
      measurements: measurements, producer: sameHost ? producers[0] : producer, inputs: inputs,
      violations: violations,
      run: RunFacts(
        settleFromOption: first.run.settleFromOption, readerMeasured: readerMeasured, skippedLines: skipped))
  }

  /// A shard that carries what a merge needs: its inputs, records and run facts.
  private struct Mergeable {
    var name: String
    var report: LatencyReport
    var inputs: ReportInputs
    var records: [Measurement]
    var run: RunFacts
  }

  /// Why `new` cannot be merged with `base`, one line each: inputs other than the sources, the
  /// settle window's origin, the hingesim version.
  private static func differences(_ base: Mergeable, _ new: Mergeable) -> [String] {
    var lines: [String] = []
    var newInputs = new.inputs
    newInputs.sources = base.inputs.sources
    for line in ReportInputs.differences(base: base.inputs, new: newInputs) {
      lines.append("\(base.name) (base) and \(new.name) (new) differ: \(line)")
    }
    if base.run.settleFromOption != new.run.settleFromOption {
      let origin = { (shard: Mergeable) in shard.run.settleFromOption ? "--settle-ms" : "the profile's" }
      lines.append(
        "settle window origin: \(base.name) \(origin(base)), \(new.name) \(origin(new)) (the same window is needed from the same place)"
      )
    }
    if let b = base.report.producer, let n = new.report.producer, b.version != n.version {
      lines.append("hingesim version: \(base.name) \(b.version), \(new.name) \(n.version)")
    } else if (base.report.producer == nil) != (new.report.producer == nil) {
      lines.append("hingesim version: one of \(base.name) and \(new.name) does not say it")
    }
    return lines
  }

  /// Writes `run` and `records` when known.
  func writeMergeable(into w: inout JSONObjectWriter) {
    if let run {
      w.openObject("run")
      w.field("settleFromOption", run.settleFromOption)
      w.field("readerMeasured", run.readerMeasured)
      w.field("skippedLines", run.skippedLines)
      w.close()
    }
    guard let measurements else { return }
    w.openArray("records")
    for m in measurements {
      w.openElement()
      w.field("cause", m.cause.name)
      w.field("state", m.state.rawValue)
      for metric in Metric.allCases {
        if let value = m.values[metric] { w.field(metric.rawValue, value) }
      }
      w.close()
    }
    w.closeArray()
  }

  /// Reads `run` and `records` when present.
  mutating func readMergeable(_ f: ReportFields) throws(ReportDecodingError) {
    if f.value["run"] != nil {
      let r = try f.object("run")
      run = RunFacts(
        settleFromOption: try r.bool("settleFromOption"), readerMeasured: try r.bool("readerMeasured"),
        skippedLines: try r.count("skippedLines"))
    }
    guard f.value["records"] != nil else { return }
    var read: [Measurement] = []
    for item in try f.array("records") {
      let causeName = try item.string("cause")
      guard let cause = SettleCause(name: causeName) else {
        throw ReportDecodingError(
          "expected a cause (initial, status FROM→TO, rotation, text size, split, notes, other), found \(JSONValue.string(causeName).found)",
          at: item.path("cause"))
      }
      let stateName = try item.string("state")
      guard let state = Measurement.State(rawValue: stateName) else {
        throw ReportDecodingError(
          "expected \(Measurement.State.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(JSONValue.string(stateName).found)",
          at: item.path("state"))
      }
      var values: [Metric: Double] = [:]
      for metric in Metric.allCases where item.value[metric.rawValue] != nil {
        guard state == .measured else {
          throw ReportDecodingError(
            "expected no latency in a \(stateName) record, found one", at: item.path(metric.rawValue))
        }
        values[metric] = try item.number(metric.rawValue)
      }
      read.append(Measurement(cause: cause, state: state, values: values))
    }
    measurements = read
  }
}
