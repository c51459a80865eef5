/// The plot's 1-2-5 scales: the time axis's ticks and the angle axis's ceiling.
extension TimelinePlot {
  /// A 1-2-5 step near `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0 else { return 1 }
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    for factor in [1.0, 2, 5, 10] where magnitude * factor >= raw { return magnitude * factor }
    return magnitude * 10
  }

  /// The smallest multiple of a 1-2-5 step (a tenth of the value) at or above `value`.
  static func niceCeiling(_ value: Double) -> Double {
    let step = niceStep(value / 10)
    return (value / step).rounded(.up) * step
  }
}
