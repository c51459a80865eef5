extension RandomAccessCollection where Index == Int {
  /// The first maximal run of elements at or after `start` that satisfy `belongs`, or nil when
  /// none does (a run of missing glyphs, of letters).
  func run(from start: Int, where belongs: (Element) -> Bool) -> Range<Int>? {
    guard let first = self[start...].firstIndex(where: belongs) else { return nil }
    return first..<(self[first...].firstIndex { !belongs($0) } ?? endIndex)
  }
}
