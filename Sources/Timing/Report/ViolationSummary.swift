import EventStream

/// The violations of one reader rule in one source: how many, and the first one's time and
/// message. A report lists these per source, and `hingesim report` exits 1 when there is any.
///
/// ```swift
/// let summaries = ViolationSummary.summarise(source: "traces/open-wide.hinge", violations)
/// print(ViolationSummary.text(summaries, sources: 2))
/// ```
public struct ViolationSummary: Sendable, Equatable {
  /// The SOURCE (as the report names it).
  public var source: String
  /// The rule (`fold-clear`, `offset-visible`, …).
  public var rule: String
  /// Violations of the rule in the source.
  public var count: Int
  /// The first one's stream time, ms.
  public var firstMs: Double
  /// The first one's message.
  public var firstMessage: String

  /// Makes a summary.
  public init(source: String, rule: String, count: Int, firstMs: Double, firstMessage: String) {
    self.source = source
    self.rule = rule
    self.count = count
    self.firstMs = firstMs
    self.firstMessage = firstMessage
  }

  /// One summary per rule broken, in the order the rules first broke.
  public static func summarise(source: String, _ violations: [(time: Double, violation: Violation)])
    -> [ViolationSummary]
  {
    var summaries: [ViolationSummary] = []
    for (time, v) in violations {
      if let i = summaries.firstIndex(where: { $0.rule == v.rule }) {
        summaries[i].count += 1
      } else {
        summaries.append(
          ViolationSummary(source: source, rule: v.rule, count: 1, firstMs: time, firstMessage: v.message))
      }
    }
    return summaries
  }

  /// The text report's closing section: `reader rules: no violation in 18 sources`, or a
  /// `FAIL` line per source that broke a rule with one line per rule.
  public static func text(_ summaries: [ViolationSummary], sources: Int) -> String {
    let plural = sources == 1 ? "source" : "sources"
    guard !summaries.isEmpty else { return "reader rules: no violation in \(sources) \(plural)\n" }
    var bySource: [(String, [ViolationSummary])] = []
    for s in summaries {
      if let i = bySource.firstIndex(where: { $0.0 == s.source }) {
        bySource[i].1.append(s)
      } else {
        bySource.append((s.source, [s]))
      }
    }
    var text = "reader rules: \(bySource.count) of \(sources) \(plural) broke a rule\n"
    for (source, rules) in bySource {
      let total = rules.reduce(0) { $0 + $1.count }
      text += "FAIL  \(source): \(total) violation\(total == 1 ? "" : "s")\n"
      for r in rules {
        text += "        \(r.rule) ×\(r.count), first at \(NumberFormat.ms(r.firstMs)) ms: \(r.firstMessage)\n"
      }
    }
    return text
  }

  /// Writes one element of the `violations` array.
  func write(into w: inout JSONObjectWriter) {
    w.field("source", source)
    w.field("rule", rule)
    w.field("count", count)
    w.field("firstMs", firstMs)
    w.field("firstMessage", firstMessage)
  }

  /// Reads one element of the `violations` array.
  init(_ f: ReportFields) throws(ReportDecodingError) {
    self.init(
      source: try f.string("source"), rule: try f.string("rule"), count: try f.count("count"),
      firstMs: try f.number("firstMs"), firstMessage: try f.string("firstMessage"))
  }
}
