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

  /// Guesses the format from the first bytes of a stream.
  static func sniff(_ head: [UInt8]) -> SourceFormat {
    let text = String(decoding: head, as: UTF8.self)
    for raw in text.split(separator: "\n") {
      let line = raw.trimmingCharacters
      if line.isEmpty { continue }
      if line.hasPrefix("{") { return .jsonl }
      if line.hasPrefix("t_ms") { return .csv }
      if line.hasPrefix("E:") || line.hasPrefix("# EVEMU") || line.hasPrefix("N:") || line.hasPrefix("I:") {
        return .evemu
      }
      if line.hasPrefix("version:") || line.hasPrefix("ndevices:") || line.hasPrefix("libinput:") { return .libinput }
      if line.hasPrefix("#") { continue }
      return .hinge
    }
    return .jsonl
  }
}

extension Substring {
  public var trimmingCharacters: Substring {
    var s = self
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
    return s
  }
}
