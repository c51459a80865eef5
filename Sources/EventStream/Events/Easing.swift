/// How a value moves between two ends over a transition.
public enum Easing: String, Sendable, CaseIterable {
  case linear
  case easeIn = "ease-in"
  case easeOut = "ease-out"
  case easeInOut = "ease-in-out"

  /// The eased fraction for a linear fraction `x` in 0…1.
  public func apply(_ x: Double) -> Double {
    switch self {
    case .linear: x
    case .easeIn: x * x
    case .easeOut: 1 - (1 - x) * (1 - x)
    case .easeInOut: x < 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x)
    }
  }
}
