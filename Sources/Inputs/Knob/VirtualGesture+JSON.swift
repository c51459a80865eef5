import EventStream
import Knob

extension VirtualGesture {
  /// The most gestures taken from the demo page at once (its queue holds no more).
  public static let pageBatchLimit = 256

  /// The gestures the demo page queued (`hingesimDemo.takeInputs()`: `{"kind":"detents","n":1}`,
  /// `{"kind":"position","degrees":90}`, `{"kind":"posture","name":"flat"}`, `{"kind":"button"}`,
  /// `{"kind":"quit"}`), in order. Anything else — not an array, an unknown kind, a number that
  /// is not finite or a detent count past ±1000 — is left out; at most `pageBatchLimit`.
  public static func fromPage(_ value: JSONValue) -> [VirtualGesture] {
    guard case .array(let items) = value else { return [] }
    return items.prefix(pageBatchLimit).compactMap { item in
      guard case .string(let kind)? = item["kind"] else { return nil }
      switch kind {
      case "detents":
        guard case .number(let n)? = item["n"], n.isFinite, abs(n) <= 1000, n == n.rounded() else { return nil }
        return .detents(Int(n))
      case "position":
        guard case .number(let degrees)? = item["degrees"], degrees.isFinite else { return nil }
        return .position(degrees: degrees)
      case "posture":
        guard case .string(let name)? = item["name"], let posture = VirtualPosture(rawValue: name) else { return nil }
        return .posture(posture)
      case "button": return .button
      case "quit": return .quit
      default: return nil
      }
    }
  }
}
