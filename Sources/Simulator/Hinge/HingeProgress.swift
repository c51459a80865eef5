import EventStream

/// The dual-pane guide's app-side hinge progress normaliser, exactly: UIKit and SwiftUI report
/// only the angle and the status, and apps that animate with the hinge turn them into 0 … 1.
///
/// - no hinge (`update.hinge` is nil): 1;
/// - `closed`: 0;
/// - `fullyOpen`: 1, and the angle raises the largest seen (π at first);
/// - `partiallyOpen`: `min(max(radians / largest, 0), 1)`;
/// - `unknown`: the last value is kept (0 before any).
///
/// ```swift
/// var progress = HingeProgress()
/// progress.update(status: .partiallyOpen, radians: 9 * .pi / 180)    // 0.05
/// progress.update(status: .partiallyOpen, radians: 190 * .pi / 180)  // 1 (clamped)
/// progress.update(status: .unknown, radians: 0)                      // 1 (kept)
/// ```
public struct HingeProgress: Sendable, Equatable {
  /// The largest angle seen fully open, radians: π until a fully open update goes past it.
  public private(set) var largestRadians = Double.pi
  /// The value last computed (0 before any update).
  public private(set) var last = 0.0

  /// What the guide reports without a hinge.
  public static let noHinge = 1.0

  /// A normaliser before any update.
  public init() {}

  /// The progress for a delivered update with `status` at `radians`.
  @discardableResult
  public mutating func update(status: HingeStatus, radians: Double) -> Double {
    switch status {
    case .closed: last = 0
    case .fullyOpen:
      largestRadians = max(largestRadians, radians)
      last = 1
    case .partiallyOpen: last = min(max(radians / largestRadians, 0), 1)
    case .unknown: break
    }
    return last
  }
}
