/// The kinds of input hingesim reads, each with its own read limit (`ReadLimits`).
public enum InputKind: String, CaseIterable, Sendable {
  /// A text for the reader (`--text`, `paginate FILE`).
  case text
  /// A PDF (`--pdf`).
  case pdf
  /// A device profile (`--profile FILE`, `profiles --check`).
  case profile
  /// An app log (`check --app`, `report --app`).
  case appLog = "app-log"
  /// A saved latency report (`report --compare`).
  case report
  /// A `.hinge` script, from a file or stdin.
  case script
  /// A JSONL or CSV trace, or a simulator stream (`read`, `export`), from a file or stdin.
  case trace
  /// A knob recording (evemu, libinput record).
  case recording

  /// The input named in a message: "a text", "an app log".
  public var noun: String {
    switch self {
    case .text: "a text"
    case .pdf: "a PDF"
    case .profile: "a profile"
    case .appLog: "an app log"
    case .report: "a report"
    case .script: "a script"
    case .trace: "a trace or stream"
    case .recording: "a knob recording"
    }
  }
}

/// How many bytes of one kind of input a command reads before it refuses the input.
///
/// ```swift
/// let limit = ReadLimit(kind: .profile, bytes: 1 << 20)
/// limit.exceeded(file: "big.json").description
/// // big.json: expected a profile of at most 1 MiB, found more (the read limit; …)
/// ```
public struct ReadLimit: Sendable, Equatable {
  /// The input it bounds.
  public var kind: InputKind
  /// The most bytes read.
  public var bytes: Int

  /// Makes a limit.
  public init(kind: InputKind, bytes: Int) {
    self.kind = kind
    self.bytes = bytes
  }

  /// The error for an input past the limit: exit 65, naming the file, the limit and how to raise it.
  public func exceeded(file: String) -> InputError {
    InputError(
      file: file, line: 0, column: 0,
      message:
        "expected \(kind.noun) of at most \(ReadLimits.format(bytes)), found more (the read limit; raise it with "
        + "--read-limit \(kind.rawValue)=SIZE or \(ReadLimits.environmentVariable)=\(kind.rawValue)=SIZE)")
  }
}

/// The read limit of every kind of input: a default each (docs/limits.md), raised or lowered
/// with `--read-limit KIND=SIZE` or the environment variable `HINGESIM_READ_LIMIT`.
///
/// ```swift
/// var limits = ReadLimits.defaults
/// try limits.apply("text=256MiB,pdf=1GiB", from: "HINGESIM_READ_LIMIT")
/// limits[.text].bytes   // 268435456
/// ```
/// Inputs read whole (texts, PDFs, profiles, reports, app logs, recordings) are refused before
/// they are read when a regular file is larger, and after `bytes + 1` bytes otherwise (a pipe,
/// `/dev/zero`); streamed inputs (traces, streams, scripts) stop at the byte past the limit.
public struct ReadLimits: Sendable, Equatable {
  private var values: [InputKind: Int]

  /// The environment variable read at start-up: `KIND=SIZE[,KIND=SIZE…]`.
  public static let environmentVariable = "HINGESIM_READ_LIMIT"
  /// The sizes a limit may be set to: 1 KiB to 1 TiB.
  public static let range = 1024...(1 << 40)

  /// The defaults: each far above any real input of its kind and, for inputs read whole, small
  /// enough that refusing an endless one stays under 256 MB of memory.
  public static let defaults = ReadLimits(values: [
    .text: 64 << 20, .pdf: 128 << 20, .profile: 1 << 20, .appLog: 64 << 20, .report: 16 << 20,
    .script: 4 << 20, .trace: 256 << 20, .recording: 64 << 20,
  ])

  /// The limit of one kind.
  public subscript(kind: InputKind) -> ReadLimit {
    get { ReadLimit(kind: kind, bytes: values[kind] ?? Self.range.upperBound) }
    set { values[kind] = newValue.bytes }
  }

  /// Applies `KIND=SIZE[,KIND=SIZE…]` (`text=256MiB`, `pdf=1G`, `all=2GiB`); `source` names the
  /// option or variable in errors.
  public mutating func apply(_ text: String, from source: String) throws(ReadLimitError) {
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let kinds = InputKind.allCases.map(\.rawValue).joined(separator: ", ")
      guard parts.count == 2 else {
        throw ReadLimitError(
          message: "\(source): expected KIND=SIZE (KIND one of \(kinds), all), found '\(InputText.excerpt(item))'")
      }
      let name = String(parts[0])
      let chosen: [InputKind]
      if name == "all" {
        chosen = InputKind.allCases
      } else if let kind = InputKind(rawValue: name) {
        chosen = [kind]
      } else {
        throw ReadLimitError(
          message: "\(source): expected an input kind (\(kinds), all), found '\(InputText.excerpt(name))'")
      }
      guard let bytes = Self.size(parts[1]), Self.range.contains(bytes) else {
        throw ReadLimitError(
          message:
            "\(source): expected a size from 1KiB to 1TiB (bytes, or with K, M, G, T or KiB, MiB, GiB, TiB) for \(name), found '\(InputText.excerpt(parts[1]))'"
        )
      }
      for kind in chosen { values[kind] = bytes }
    }
  }

  /// Bytes from `4096`, `64K`, `64KiB`, `16M`, `1GiB`, `1T` (binary multiples); nil when not a size.
  static func size(_ text: Substring) -> Int? {
    var digits = text
    var shift = 0
    for (suffixes, bits) in [(["KiB", "K", "k"], 10), (["MiB", "M"], 20), (["GiB", "G"], 30), (["TiB", "T"], 40)] {
      if let suffix = suffixes.first(where: { digits.hasSuffix($0) }) {
        digits = digits.dropLast(suffix.count)
        shift = bits
        break
      }
    }
    guard !digits.isEmpty, digits.count <= 13, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(digits), value <= Int.max >> shift
    else { return nil }
    return value << shift
  }

  /// `1 MiB`, `64 MiB`, `1.5 GiB`, `1000 bytes`: a size as a message shows it.
  public static func format(_ bytes: Int) -> String {
    for (unit, bits) in [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << bits {
      let value = Double(bytes) / Double(1 << bits)
      return NumberFormat.shortest((value * 100).rounded() / 100) + " " + unit
    }
    return "\(bytes) bytes"
  }
}

/// A `--read-limit` or `HINGESIM_READ_LIMIT` that cannot be used (exit 64).
public struct ReadLimitError: Error, Sendable, Equatable {
  /// What was expected and found.
  public var message: String
}
