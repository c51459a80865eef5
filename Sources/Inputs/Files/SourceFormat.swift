import EventStream
import Platform

/// The kinds of source a command accepts.
public enum SourceFormat: String, CaseIterable, Sendable {
  /// JSON Lines events.
  case jsonl
  /// `t_ms,angle_deg[,orientation]` sensor logs.
  case csv
  /// `.hinge` scripts.
  case hinge
  /// evemu knob recordings.
  case evemu
  /// libinput record knob recordings (YAML).
  case libinput

  /// Whose read limit bounds a source of this format.
  public var inputKind: InputKind {
    switch self {
    case .jsonl, .csv: .trace
    case .hinge: .script
    case .evemu, .libinput: .recording
    }
  }

  /// The format a file name implies, or nil.
  public static func fromExtension(_ path: String) -> SourceFormat? {
    let lower = path.lowercased()
    if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") || lower.hasSuffix(".json") { return .jsonl }
    if lower.hasSuffix(".csv") { return .csv }
    if lower.hasSuffix(".hinge") { return .hinge }
    if lower.hasSuffix(".evemu") { return .evemu }
    if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") { return .libinput }
    return nil
  }

  /// The extensions that name a format, as a message lists them.
  public static let knownExtensions = ".jsonl, .ndjson, .json, .csv, .hinge, .evemu, .yml, .yaml"

  /// The extension of `path`'s file name when it names no format (`.md`, `.txt`), else nil —
  /// also for a name without one (`trace`, `/dev/stdin`, `/dev/fd/63`), which is sniffed.
  public static func unknownExtension(_ path: String) -> String? {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
      return nil
    }
    return fromExtension(name) == nil ? String(name[dot...]) : nil
  }

  /// Guesses the format from the first bytes of a stream (stdin, or a file whose extension
  /// names no format): the first line that is neither blank nor a `#` comment decides; a byte
  /// order mark is skipped.
  static func sniff(_ head: [UInt8]) -> SourceFormat {
    for line in lines(of: head) {
      if let format = format(ofLine: line) { return format }
    }
    return .jsonl
  }

  /// True when `head` holds a whole line that decides the format, so a sniffer can stop reading.
  static func decides(_ head: [UInt8]) -> Bool {
    var lines = lines(of: head)
    if head.last != 0x0A { lines = lines.dropLast() }  // the last line may be incomplete
    return lines.contains { format(ofLine: $0) != nil }
  }

  private static func lines(of head: [UInt8]) -> ArraySlice<Substring> {
    let bytes = FileBytes.hasByteOrderMark(head) ? head.dropFirst(FileBytes.byteOrderMark.count) : head[...]
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split { $0 == "\n" || $0 == "\r\n" }[...]  // "\r\n" is one Character
  }

  /// The format a line announces, or nil for a blank or comment line.
  private static func format(ofLine raw: Substring) -> SourceFormat? {
    let line = raw.trimmingCharacters
    if line.isEmpty { return nil }
    if line.hasPrefix("{") { return .jsonl }
    if line.hasPrefix("t_ms") { return .csv }
    if line.hasPrefix("E:") || line.hasPrefix("# EVEMU") || line.hasPrefix("N:") || line.hasPrefix("I:") {
      return .evemu
    }
    if line.hasPrefix("version:") || line.hasPrefix("ndevices:") || line.hasPrefix("libinput:") { return .libinput }
    if line.hasPrefix("#") { return nil }
    return .hinge
  }
}

extension Substring {
  /// The text without leading and trailing spaces, tabs and carriage returns.
  public var trimmingCharacters: Substring {
    var first = startIndex
    while first < endIndex, [" ", "\t", "\r"].contains(self[first]) { first = index(after: first) }
    var last = endIndex
    while last > first, [" ", "\t", "\r"].contains(self[index(before: last)]) { last = index(before: last) }
    return self[first..<last]
  }
}
