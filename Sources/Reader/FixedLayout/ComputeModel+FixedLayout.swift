import EventStream
import Platform

extension ComputeModel {
  /// Runs `body` (laying out page frames) and returns what it is charged, ms to the
  /// microsecond: host its thread CPU time, `fixed:MS` MS, the device model nothing (its
  /// figures are TextKit paginations; page frames lay out no text).
  func charge<T>(_ body: () -> T) -> (T, Double) {
    switch self {
    case .host:
      let (ms, result) = ThreadCPUClock.measure(body)
      return (result, StreamTime.rounded(ms))
    case .fixed(let ms, _): return (body(), StreamTime.rounded(ms))
    case .device: return (body(), 0)
    }
  }
}
