import EventStream
import Platform
import Typesetter

/// What the reader's main thread is charged for a pagination — the cost model that decides
/// when `paginated` and `shown` come after a settle (`--compute-model`).
///
/// - `host`: the pagination's **thread CPU time** on this machine (`CLOCK_THREAD_CPUTIME_ID`),
///   plus the text's one-time analysis on the first (cold) layout. Time the thread spent
///   waiting for a core is not charged, so sources run side by side (`report --jobs N`) are
///   charged what they computed. A cache hit costs nothing.
/// - `fixed(ms:)`: every layout costs `ms` (plus `analysisMs` once); a hit costs nothing.
///   Streams are byte-for-byte reproducible (`--compute-ms MS` is `fixed:MS`).
/// - `device(_:)`: the reference reader's measured TextKit pagination times, as a function of
///   the characters laid out (`DeviceCostModel`); a hit re-lays one page.
///
/// ```swift
/// let model = try ComputeModel(parsing: "device:low")
/// model.layOutCost(characters: 44_500)   // 40 ms (the seed's low end)
/// ```
public enum ComputeModel: Sendable, Equatable, CustomStringConvertible {
  case host
  case fixed(ms: Double, analysisMs: Double = 0)
  case device(DeviceCostModel.End)

  /// `fixed:MS` with no analysis time (tests, `--compute-ms`).
  public static func fixed(_ ms: Double) -> ComputeModel { .fixed(ms: ms, analysisMs: 0) }

  /// What `fixed:MS` (and `--compute-ms`) accepts, ms: a minute is far past any pagination, and
  /// keeps every time the reader writes within what a stream may carry.
  public static let fixedRange = 0.0...60_000

  /// The forms `--compute-model` accepts.
  public static let acceptedForms =
    "host (or thread-cpu), fixed:MS (MS from 0 to 60000), device, device:low, device:high"

  /// Parses `host` (or `thread-cpu`, its name in reports), `fixed:MS`, `device`, `device:low`, `device:mid` or `device:high`.
  public init(parsing text: String) throws(ComputeModelError) {
    switch text {
    case "host", "thread-cpu": self = .host  // its name in reports, given back
    case "device", "device:mid": self = .device(.mid)
    case "device:low": self = .device(.low)
    case "device:high": self = .device(.high)
    default:
      guard text.hasPrefix("fixed:") else { throw ComputeModelError(found: text) }
      let number = text.dropFirst("fixed:".count)
      guard NumberFormat.isPlainDecimal(number), let ms = Double(number), Self.fixedRange.contains(ms) else {
        throw ComputeModelError(found: text)
      }
      self = .fixed(ms)
    }
  }

  /// The model's name in streams, records and reports: `thread-cpu` (host), `fixed:300`,
  /// `device`, `device:low`, `device:high`.
  public var name: String {
    switch self {
    case .host: "thread-cpu"
    case .fixed(let ms, let analysis):
      "fixed:\(NumberFormat.shortest(ms))" + (analysis > 0 ? "+\(NumberFormat.shortest(analysis))" : "")
    case .device(.mid): "device"
    case .device(let end): "device:\(end.rawValue)"
    }
  }

  /// A sentence for report headers and the timeline: what the figures are.
  public var explanation: String {
    switch self {
    case .host: "host: this machine's thread CPU time"
    case .fixed(let ms, _): "fixed: \(NumberFormat.shortest(ms)) ms per layout"
    case .device(let end): "device model (\(end.rawValue)): \(DeviceCostModel.formula(end)), unverified on hardware"
    }
  }

  public var description: String { name }

  /// True when charges do not depend on the machine (streams are reproducible).
  public var isDeterministic: Bool {
    if case .host = self { false } else { true }
  }

  /// Lays out with `body` and returns the pagination with what it is charged, ms (to the
  /// microsecond, `StreamTime`).
  public func layOut(_ body: () -> Pagination) -> (Pagination, Double) {
    switch self {
    case .host:
      let (ms, pagination) = ThreadCPUClock.measure(body)
      return (pagination, StreamTime.rounded(ms))
    case .fixed(let ms, _):
      return (body(), StreamTime.rounded(ms))
    case .device(let end):
      let pagination = body()
      return (pagination, StreamTime.rounded(DeviceCostModel.ms(characters: pagination.charactersLaidOut, end: end)))
    }
  }

  /// What the text's one-time analysis is charged on the first layout, ms. The device model
  /// charges none: the reference figures are whole paginations, analysis included.
  public func analysisCost(of document: ReaderDocument) -> Double {
    switch self {
    case .host: document.analysisMs
    case .fixed(_, let analysis): StreamTime.rounded(analysis)
    case .device: 0
    }
  }

  /// What a cache hit is charged, ms: nothing, or under the device model one page re-laid
  /// (the model's cost of the pagination's average page).
  public func hitCost(_ pagination: Pagination) -> Double {
    guard case .device(let end) = self, pagination.pageCount > 0 else { return 0 }
    let page = pagination.charactersLaidOut / pagination.pageCount
    return StreamTime.rounded(DeviceCostModel.ms(characters: page, end: end))
  }

  /// The model's cost of laying out `characters`, ms (the device model; others: nil).
  public func layOutCost(characters: Int) -> Double? {
    guard case .device(let end) = self else { return nil }
    return StreamTime.rounded(DeviceCostModel.ms(characters: characters, end: end))
  }
}

/// An unknown `--compute-model`, or a fixed time that is negative, not a number or not finite.
public struct ComputeModelError: Error, Sendable, CustomStringConvertible {
  /// What was given.
  public var found: String
  public var description: String {
    "--compute-model: expected \(ComputeModel.acceptedForms), found \"\(InputText.excerpt(found))\""
  }
}
