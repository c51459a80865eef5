import EventStream

extension LatencyReport {
  /// The `format` field that marks a report file.
  public static let formatName = "hingesim-latency-report"

  /// The report format written; `init(json:)` reads this one and version 1 (written before
  /// reports said what they measured).
  public static let formatVersion = 2

  /// The report as one JSON document:
  ///
  /// ```json
  /// {"format":"hingesim-latency-report","version":2,"unit":"ms",
  ///  "hingesim":{"version","host":{"cores","os"}},
  ///  "inputs":{"profile":{"name","hash"},"text":{"name","utf16Length","hash"},"offset",
  ///            "settleWindowMs","computeModel","prepaginate","clock","speed","fromMs","toMs",
  ///            "sources":[{"path","hash"}]},
  ///  "violations":[{"source","rule","count","firstMs","firstMessage"}],
  ///  "overall":{…},"causes":[{…}],
  ///  "run":{"settleFromOption","readerMeasured","skippedLines"},
  ///  "records":[{"cause","state","lastSizeToShown","causeToShown","settleWait","pagination"}]}
  /// ```
  ///
  /// each group `{"cause","records","superseded","interrupted","metrics":{"causeToShown":{"count","min","p50",
  /// "p90","p99","max"},…}}` (a metric without values is left out), ms throughout;
  /// `hingesim` and `inputs` only when known; `run` and `records` (one per timing record, in
  /// source order: what `report --merge` needs, `LatencyReport+Merge.swift`) only when known.
  public func json() -> String {
    var w = JSONObjectWriter()
    w.field("format", Self.formatName)
    w.field("version", Self.formatVersion)
    w.field("unit", "ms")
    if let producer {
      w.openObject("hingesim")
      producer.write(into: &w)
      w.close()
    }
    if let inputs {
      w.openObject("inputs")
      inputs.write(into: &w)
      w.close()
    }
    w.openArray("violations")
    for v in violations {
      w.openElement()
      v.write(into: &w)
      w.close()
    }
    w.closeArray()
    w.openObject("overall")
    Self.write(overall, into: &w)
    w.close()
    w.openArray("causes")
    for group in causes {
      w.openElement()
      Self.write(group, into: &w)
      w.close()
    }
    w.closeArray()
    writeMergeable(into: &w)
    w.close()
    return String(decoding: w.bytes, as: UTF8.self) + "\n"
  }

  private static func write(_ group: Group, into w: inout JSONObjectWriter) {
    w.field("cause", group.scope.name)
    w.field("records", group.records)
    w.field("superseded", group.superseded)
    w.field("interrupted", group.interrupted)
    w.openObject("metrics")
    for metric in Metric.allCases {
      guard let s = group.metrics[metric] else { continue }
      w.openObject(metric.rawValue)
      w.field("count", s.count)
      for stat in Statistic.allCases { w.field(stat.rawValue, s.value(stat)) }
      w.close()
    }
    w.close()
  }

  /// Reads a report written by `json()` (format version 1 or 2). Every error names the JSON
  /// path of the value at fault (`causes[2].metrics.causeToShown.p90: expected a number, found
  /// "x"`); nothing in the file can make it trap.
  public init(json bytes: [UInt8]) throws(ReportDecodingError) {
    let root: JSONValue
    do {
      root = try JSONValue.parse(bytes)
    } catch {
      throw ReportDecodingError("not JSON: expected \(error.expected) at byte \(error.offset)")
    }
    guard case .string(Self.formatName)? = root["format"] else {
      throw ReportDecodingError(
        "expected a report (\"format\":\"\(Self.formatName)\"), found \(root["format"]?.found ?? "no format field")"
      )
    }
    let f = ReportFields(root: root)
    let version = try f.count("version")
    guard version == 1 || version == 2 else {
      throw ReportDecodingError(
        "expected report format 1 or 2, found \(version) (written by a newer hingesim?)", at: "version")
    }
    let current = version >= 2
    let producer = try f.value["hingesim"].map { _ throws(ReportDecodingError) in
      try ReportProducer(f.object("hingesim"))
    }
    let inputs = try f.value["inputs"].map { _ throws(ReportDecodingError) in try ReportInputs(f.object("inputs")) }
    var violations: [ViolationSummary] = []
    if current {
      for v in try f.array("violations") { violations.append(try ViolationSummary(v)) }
    }
    var causes: [Group] = []
    for item in try f.array("causes") { causes.append(try Self.group(item, current: current)) }
    self.init(
      causes: causes, overall: try Self.group(f.object("overall"), current: current), producer: producer,
      inputs: inputs, violations: violations)
    try readMergeable(f)
  }

  private static func group(_ f: ReportFields, current: Bool) throws(ReportDecodingError) -> Group {
    let cause = try f.string("cause")
    guard let scope = Scope(name: cause) else {
      throw ReportDecodingError(
        "expected a cause (overall, initial, status FROM→TO, rotation, text size, split, notes, other), found \(JSONValue.string(cause).found)",
        at: f.path("cause"))
    }
    let records = try f.count("records")
    let superseded = current ? try f.count("superseded") : 0
    guard superseded <= records else {
      throw ReportDecodingError(
        "expected at most the group's \(records) records, found \(superseded)", at: f.path("superseded"))
    }
    // Written since runs cut short say so; a report from before has none.
    let interrupted = f.value["interrupted"] == nil ? 0 : try f.count("interrupted")
    guard superseded + interrupted <= records else {
      throw ReportDecodingError(
        "expected at most the group's \(records) records with the \(superseded) superseded, found \(interrupted)",
        at: f.path("interrupted"))
    }
    let metricsObject = try f.object("metrics")
    var metrics: [Metric: Summary] = [:]
    for name in metricsObject.keys {
      guard let metric = Metric(rawValue: name) else { continue }  // newer metrics are ignored
      let s = try metricsObject.object(name)
      metrics[metric] = Summary(
        count: try s.count("count"), min: try s.number("min"), p50: try s.number("p50"), p90: try s.number("p90"),
        p99: try s.number("p99"), max: try s.number("max"))
    }
    return Group(scope: scope, records: records, superseded: superseded, interrupted: interrupted, metrics: metrics)
  }
}
