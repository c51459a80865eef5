import EventStream

extension LatencyReport {
  /// The `format` field that marks a report file.
  public static let formatName = "hingesim-latency-report"

  /// The report as one JSON document:
  /// `{"format":"hingesim-latency-report","version":1,"overall":{…},"causes":[{…}]}`, each
  /// group `{"cause","records","metrics":{"causeToShown":{"count","min","p50","p90","p99","max"},…}}`
  /// (a metric without values is left out), ms throughout.
  public func json() -> String {
    var w = JSONObjectWriter()
    w.field("format", Self.formatName)
    w.field("version", 1)
    w.field("unit", "ms")
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
    w.close()
    return String(decoding: w.bytes, as: UTF8.self) + "\n"
  }

  private static func write(_ group: Group, into w: inout JSONObjectWriter) {
    w.field("cause", group.scope.name)
    w.field("records", group.records)
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

  /// Reads a report written by `json()`.
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
    guard let overall = root["overall"] else {
      throw ReportDecodingError("expected an 'overall' object, found none")
    }
    guard case .array(let items)? = root["causes"] else {
      throw ReportDecodingError("expected a 'causes' array")
    }
    self.init(
      causes: try items.map { v throws(ReportDecodingError) in try Self.group(v) },
      overall: try Self.group(overall))
  }

  private static func group(_ v: JSONValue) throws(ReportDecodingError) -> Group {
    guard case .string(let cause)? = v["cause"], case .number(let records)? = v["records"],
      case .object(let fields)? = v["metrics"]
    else {
      throw ReportDecodingError("expected a group {cause, records, metrics}, found \(v.found)")
    }
    guard let scope = Scope(name: cause) else {
      throw ReportDecodingError(
        "expected a cause (overall, initial, status FROM→TO, rotation, text size, split, other), found \"\(cause)\"")
    }
    var metrics: [Metric: Summary] = [:]
    for (name, s) in fields {
      guard let metric = Metric(rawValue: name) else { continue }  // newer metrics are ignored
      var figures: [Double] = []
      for key in ["count"] + Statistic.allCases.map(\.rawValue) {
        guard case .number(let n)? = s[key], n.isFinite else {
          throw ReportDecodingError(
            "\(cause) \(name): expected a finite number for '\(key)', found \(s[key]?.found ?? "none")")
        }
        figures.append(n)
      }
      guard figures[0] >= 0, figures[0] <= 9_007_199_254_740_992, figures[0] == figures[0].rounded() else {
        throw ReportDecodingError(
          "\(cause) \(name): expected a count from 0 to 2^53 for 'count', found \(NumberFormat.shortest(figures[0]))")
      }
      metrics[metric] = Summary(
        count: Int(figures[0]), min: figures[1], p50: figures[2], p90: figures[3], p99: figures[4],
        max: figures[5])
    }
    guard records >= 0, records <= 9_007_199_254_740_992, records == records.rounded() else {
      throw ReportDecodingError(
        "\(cause): expected a record count from 0 to 2^53 for 'records', found \(NumberFormat.shortest(records))")
    }
    return Group(scope: scope, records: Int(records), metrics: metrics)
  }
}
