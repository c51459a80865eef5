import EventStream

/// A page's report (`window.hingesimReport(line)`) screened before anything uses it: a page is
/// input, and a hostile or broken one must not crash, hang or garble the terminal.
///
/// A report passes when it is one JSON object of at most `payloadLimit` bytes with a finite `t`
/// (the page's `performance.now()`, within ±10¹² ms) and a `type` (a string), and every number
/// the timeline reads is in range: sizes (`width`, `height`, `pageWidth`, `pageHeight`) finite
/// and in (0, 10⁵]; `pageCount` a whole number in 1…10⁷; `ms` in 0…86,400,000; `offset` a whole
/// number in 0…10⁹; `pages` at most two whole numbers in 0…10⁷, each below `pageCount` when it is
/// given; `ranges` at most two `[start, end]` of whole numbers in 0…10⁹ with start ≤ end;
/// `frames` at most two objects whose `x`, `y`, `width`, `height` are finite, within ±10⁶
/// (sizes ≥ 0). Strings are escaped and cut before they are printed (`summary`).
///
/// ```swift
/// PageReportScreen.screen(#"{"t":5,"type":"shown","pages":[1e300]}"#)
/// // .failure("'pages' holds 1e+300: expected whole numbers in 0…10000000")
/// ```
public enum PageReportScreen {
  /// A report that passed.
  public struct Report: Sendable, Equatable {
    /// The page's clock, ms.
    public var t: Double
    /// The event type, as the page wrote it (escape it before printing: `summary` does).
    public var type: String
    /// The whole report.
    public var value: JSONValue
    /// The report in a few words for the timeline (`shown      spread pages 1–2 of 50, offset 0`),
    /// every string from the page escaped and cut.
    public var summary: String
    /// `characters 3647–5520`: the shown pages' ranges, or nil.
    public var rangeSummary: String?
    /// `867×611` for a `frame`, else nil.
    public var frameSize: String?
  }

  /// The longest report accepted, bytes.
  public static let payloadLimit = 64 << 10

  /// Screens one report: the report, or why it is refused (one line, page text escaped and cut).
  public static func screen(_ payload: String) -> Result<Report, Refusal> {
    guard payload.utf8.count <= payloadLimit else {
      return .failure(Refusal("a report of \(payload.utf8.count) bytes: expected at most \(payloadLimit)"))
    }
    guard let value = try? JSONValue.parse(Array(payload.utf8)), case .object = value else {
      return .failure(Refusal("expected one JSON object, found \(InputText.excerpt(payload))"))
    }
    guard case .number(let t)? = value["t"], t.isFinite, abs(t) <= 1e12 else {
      return .failure(Refusal("expected a finite number 't' (ms, within ±10¹²), found \(found(value["t"]))"))
    }
    guard case .string(let type)? = value["type"] else {
      return .failure(Refusal("expected a string 'type', found \(found(value["type"]))"))
    }
    for key in ["width", "height", "pageWidth", "pageHeight"] {
      if let v = value[key], !isNumber(v, in: 0...1e5, whole: false) || v == .number(0) {
        return .failure(Refusal("'\(key)' is \(found(v)): expected a size in (0, 100000]"))
      }
    }
    if let v = value["pageCount"], !isNumber(v, in: 1...1e7, whole: true) {
      return .failure(Refusal("'pageCount' is \(found(v)): expected a whole number in 1…10000000"))
    }
    if let v = value["ms"], !isNumber(v, in: 0...86_400_000, whole: false) {
      return .failure(Refusal("'ms' is \(found(v)): expected 0…86400000"))
    }
    if let v = value["offset"], !isNumber(v, in: 0...1e9, whole: true) {
      return .failure(Refusal("'offset' is \(found(v)): expected a whole number in 0…1000000000"))
    }
    var pageCount = 1e7
    if case .number(let n)? = value["pageCount"] { pageCount = n }
    if let v = value["pages"] {
      guard case .array(let items) = v, items.count <= 2,
        items.allSatisfy({ isNumber($0, in: 0...(pageCount - 1), whole: true) })
      else {
        return .failure(
          Refusal("'pages' holds \(found(v)): expected at most two whole numbers in 0…\(Int(pageCount) - 1)"))
      }
    }
    if let v = value["ranges"] {
      guard case .array(let items) = v, items.count <= 2, items.allSatisfy(isRange) else {
        return .failure(Refusal("'ranges' holds \(found(v)): expected at most two [start, end] in 0…1000000000"))
      }
    }
    if let v = value["frames"] {
      guard case .array(let items) = v, items.count <= 2, items.allSatisfy(isFrame) else {
        return .failure(
          Refusal("'frames' holds \(found(v)): expected at most two {x, y, width, height} within ±1000000"))
      }
    }
    return .success(
      Report(
        t: t, type: type, value: value, summary: summary(type, value), rangeSummary: rangeSummary(value),
        frameSize: type == "frame" ? "\(number(value, "width"))×\(number(value, "height"))" : nil))
  }

  /// Why a report was refused.
  public struct Refusal: Error, Sendable, Equatable {
    /// One line; what came from the page is escaped and cut.
    public var message: String
    init(_ message: String) { self.message = message }
  }

  private static func isNumber(_ value: JSONValue, in range: ClosedRange<Double>, whole: Bool) -> Bool {
    guard case .number(let n) = value, n.isFinite, range.contains(n) else { return false }
    return !whole || n.rounded() == n
  }

  private static func isRange(_ value: JSONValue) -> Bool {
    guard case .array(let pair) = value, pair.count == 2, pair.allSatisfy({ isNumber($0, in: 0...1e9, whole: true) }),
      case .number(let start) = pair[0], case .number(let end) = pair[1]
    else { return false }
    return start <= end
  }

  private static func isFrame(_ value: JSONValue) -> Bool {
    guard case .object = value else { return false }
    for key in ["x", "y"] where !isNumber(value[key] ?? .null, in: -1e6...1e6, whole: false) { return false }
    for key in ["width", "height"] where !isNumber(value[key] ?? .null, in: 0...1e6, whole: false) { return false }
    return true
  }

  private static func found(_ value: JSONValue?) -> String {
    guard let value else { return "nothing" }
    return InputText.excerpt(String(decoding: value.orderedBytes, as: UTF8.self))
  }

  private static func number(_ value: JSONValue, _ key: String) -> String {
    if case .number(let n)? = value[key] { return NumberFormat.shortest(n, places: 3) }
    return "?"
  }

  /// `shown      spread pages 1–2 of 50, offset 0`: numbers already screened, strings escaped and cut.
  static func summary(_ type: String, _ value: JSONValue) -> String {
    switch type {
    case "frame": return "frame      \(number(value, "width"))×\(number(value, "height"))"
    case "paginated":
      return "paginated  \(number(value, "pageCount")) pages of \(number(value, "pageWidth"))×"
        + "\(number(value, "pageHeight")) in \(number(value, "ms")) ms"
    case "shown":
      var pages: [Int] = []
      if case .array(let items)? = value["pages"] {
        for case .number(let n) in items { pages.append(Int(n) + 1) }  // whole, 0…10⁷: screened
      }
      let layout: String = if case .string(let s)? = value["layout"] { InputText.excerpt(s, limit: 16) } else { "?" }
      let which = pages.count == 2 ? "pages \(pages[0])–\(pages[1])" : "page \(pages.first.map(String.init) ?? "?")"
      return "shown      \(layout) \(which) of \(number(value, "pageCount")), offset \(number(value, "offset"))"
    default: return InputText.excerpt(type, limit: 32)
    }
  }

  /// `characters 3647–5520`: the lowest and highest bound of the screened ranges.
  static func rangeSummary(_ value: JSONValue) -> String? {
    guard case .array(let ranges)? = value["ranges"] else { return nil }
    var bounds: [Double] = []
    for case .array(let pair) in ranges {
      for case .number(let n) in pair { bounds.append(n) }
    }
    guard let low = bounds.min(), let high = bounds.max() else { return nil }
    return "characters \(Int(low))–\(Int(high))"
  }
}
