import EventStream

extension Profile {
  /// What is wrong with a settle window of `ms` for this profile's bursts, or nil: it must be
  /// longer than the widest gap between two sizes of a burst (a shorter one settles on a
  /// transient size) and at most 60000 ms. The profile's `settle.windowMs` and `--settle-ms`
  /// are held to it alike.
  public func settleWindowProblem(_ ms: Double) -> String? {
    let bursts = [
      ("open", transitions.open), ("close", transitions.close), ("rotate", transitions.rotate),
      ("resize", transitions.resize),
    ]
    func gap(_ burst: Burst) -> Double { burst.count > 1 ? burst.durationMs / Double(burst.count - 1) : 0 }
    let (gapName, gapBurst) = bursts.max { gap($0.1) < gap($1.1) }!
    let widestGap = gap(gapBurst)
    guard !(ms > widestGap && ms <= 60_000) else { return nil }
    return
      "expected more than \(NumberFormat.shortest(widestGap)) ms (the gap between two sizes of the \(gapName) burst, \(gapBurst.count) sizes over \(NumberFormat.shortest(gapBurst.durationMs)) ms) and at most 60000, found \(NumberFormat.shortest(ms))"
  }

  /// Checks what the types cannot: every number in a range a run can work with, frames inside
  /// their reader, a vertical fold from the reader's top to its bottom with room for a page on
  /// each side, a settle window longer than any gap inside a burst, and a page that holds a
  /// line at every text size. Each error names the key (`settle.windowMs: expected …, found …`).
  func validateMeaning() throws(ProfileError) {
    func within(_ value: Double, _ range: ClosedRange<Double>, _ path: String, _ what: String = "a number")
      throws(ProfileError)
    {
      guard range.contains(value) else {
        throw ProfileError(
          message:
            "\(path): expected \(what) from \(NumberFormat.shortest(range.lowerBound)) to \(NumberFormat.shortest(range.upperBound)), found \(NumberFormat.shortest(value))"
        )
      }
    }
    if let hinge {
      try within(hinge.minAngle, 0...360, "hinge.range.min")
      try within(hinge.maxAngle, 0...360, "hinge.range.max")
      try within(hinge.sensorRateHz, 1...10_000, "hinge.sensorRateHz.value", "a rate in Hz")
      try within(hinge.policy.minIntervalMs, 0...10_000, "hinge.policy.minIntervalMs")
      let span = hinge.maxAngle - hinge.minAngle
      try within(hinge.policy.precision, 0...span, "hinge.policy.precision")
      try within(hinge.policy.minChange, 0...span, "hinge.policy.minChange")
      try within(hinge.policy.noise, 0...span, "hinge.policy.noise")
      try within(hinge.status.dwellMs, 0...60_000, "hinge.status.dwellMs")
      try within(hinge.status.deadband, 0...span, "hinge.status.deadband")
      if let silence = hinge.status.unknownAfterMs { try within(silence, 1...3_600_000, "hinge.status.unknownAfterMs") }
      let range = hinge.minAngle...hinge.maxAngle
      try within(hinge.status.closedOpening, range, "hinge.status.closedBelow.opening", "an angle in the hinge range")
      try within(hinge.status.closedClosing, range, "hinge.status.closedBelow.closing", "an angle in the hinge range")
      try within(
        hinge.status.fullyOpenOpening, range, "hinge.status.fullyOpenAbove.opening", "an angle in the hinge range")
      try within(
        hinge.status.fullyOpenClosing, range, "hinge.status.fullyOpenAbove.closing", "an angle in the hinge range")
    }
    let bursts = [
      ("open", transitions.open), ("close", transitions.close), ("rotate", transitions.rotate),
      ("resize", transitions.resize),
    ]
    for (name, burst) in bursts {
      try within(burst.durationMs, 0...10_000, "transitions.\(name).durationMs")
    }
    try within(transitions.regionLagMs, 0...10_000, "transitions.regionLagMs.value")
    if let problem = settleWindowProblem(settleWindowMs) { throw ProfileError(message: "settle.windowMs: " + problem) }
    try within(pages.edge, 0...1_000, "pages.edgeInset")
    try within(pages.fold, 0...1_000, "pages.foldInset")
    try within(pages.minimumWidth, 1...1_000, "pages.minimumWidth", "a width in points")
    try within(pages.sidebarWidth, 0...10_000, "pages.sidebarWidth", "a width in points")
    if let cap = pages.maximumTextWidth {
      try within(
        cap, pages.minimumWidth...10_000, "pages.maximumTextWidth", "a width in points (at least pages.minimumWidth)")
    }
    try within(displayFrameMs, 1...1_000, "displays.frameMs.value", "a frame time in ms")
    for size in TextSize.allCases {
      guard let s = typography.sizes[size] else { continue }
      try within(s.pointSize, 1...500, "typography.sizes.\(size.rawValue).pointSize", "a size in points")
      try within(s.lineHeight, 1...1_000, "typography.sizes.\(size.rawValue).lineHeight", "a height in points")
    }
    try within(typography.lineSpacing, 0...500, "typography.lineSpacing")
    try within(typography.paragraphSpacing, 0...500, "typography.paragraphSpacing")
    try within(typography.lineFragmentPadding, 0...500, "typography.lineFragmentPadding")
    if let calibration = typography.calibration {
      try validate(calibration, within: within)
    }
    let tallestLine =
      TextSize.allCases.compactMap { size in
        [typography, typography.applying(.calibrated)].compactMap { $0?.sizes[size]?.lineHeight }.max()
      }.max() ?? 0
    let named =
      poses.map { ("poses.\($0.key.rawValue)", $0.value) }
      + splitView.map { ("poses.splitView\($0.key == .left ? "Left" : "Right")", $0.value) }
    for (path, pose) in named.sorted(by: { $0.0 < $1.0 }) {
      try within(pose.width, 1...10_000, path + ".reader.width", "a width in points")
      try within(pose.height, 1...10_000, path + ".reader.height", "a height in points")
      try validatePages(of: pose, path: path, tallestLine: tallestLine + typography.lineSpacing)
    }
  }

  /// A calibration's metrics in the ranges font files use, with a line height that is positive
  /// and not more than four ems, and an advance scale between half and twice the stand-in's.
  private func validate(
    _ c: Typography.Calibration,
    within: (Double, ClosedRange<Double>, String, String) throws(ProfileError) -> Void
  ) throws(ProfileError) {
    let path = "typography.calibration"
    try within(c.unitsPerEm, 16...16_384, path + ".unitsPerEm", "units per em")
    try within(c.ascender, 1...(4 * c.unitsPerEm), path + ".ascender", "font units")
    try within(c.descender, (-4 * c.unitsPerEm)...0, path + ".descender", "font units (≤ 0: below the baseline)")
    try within(c.lineGap, 0...(4 * c.unitsPerEm), path + ".lineGap", "font units")
    let ems = (c.ascender - c.descender + c.lineGap) / c.unitsPerEm
    guard ems <= 4 else {
      throw ProfileError(
        message:
          "\(path).lineGap: expected a line height (ascender − descender + lineGap) of at most 4 em, found \(NumberFormat.shortest(ems, places: 3)) em"
      )
    }
    if let scale = c.advanceScale { try within(scale, 0.5...2, path + ".advanceScale", "a scale") }
  }

  /// The pages a pose gives (one page, a spread split at a vertical fold, or the page above a
  /// horizontal one) are at least one line tall and some points wide at every text size.
  private func validatePages(of pose: PoseGeometry, path: String, tallestLine: Double) throws(ProfileError) {
    var pageWidth = pose.width - 2 * pages.edge
    var pageHeight = pose.height - 2 * pages.edge
    if let fold = pose.division {
      if fold.height >= fold.width {  // a vertical fold: two pages, the narrower side's width
        // The reader splits its pages only at a fold that runs its full height; a shorter one
        // would leave one page across the fold in this pose.
        guard fold.y <= 0, fold.maxY >= pose.height else {
          throw ProfileError(
            message:
              "\(path).division: expected a fold from the reader's top to its bottom (y 0, height \(NumberFormat.shortest(pose.height))), found y \(NumberFormat.shortest(fold.y)), height \(NumberFormat.shortest(fold.height))"
          )
        }
        let left = fold.x - pages.edge - pages.fold
        let right = pose.width - fold.maxX - pages.edge - pages.fold
        pageWidth = min(left, right)
        guard pageWidth > 0 else {
          throw ProfileError(
            message:
              "\(path).division: expected a fold that leaves a page on each side of it (insets \(NumberFormat.shortest(pages.edge)) and \(NumberFormat.shortest(pages.fold))), found x \(NumberFormat.shortest(fold.x)), width \(NumberFormat.shortest(fold.width)) in a \(NumberFormat.shortest(pose.width))-wide reader"
          )
        }
      } else {  // a horizontal fold: the page above it
        pageHeight = fold.y - pages.edge - pages.fold
        guard pageHeight >= tallestLine else {
          throw ProfileError(
            message:
              "\(path).division.y: expected room above the fold for a page one line tall at every text size (\(NumberFormat.shortest(tallestLine + pages.edge + pages.fold)) pt), found \(NumberFormat.shortest(fold.y))"
          )
        }
      }
    }
    guard pageWidth >= pages.minimumWidth else {
      throw ProfileError(
        message:
          "\(path).reader.width: expected a page at least \(NumberFormat.shortest(pages.minimumWidth)) pt wide inside the insets, found a page \(NumberFormat.shortest(pageWidth)) pt wide"
      )
    }
    guard pageHeight >= tallestLine else {
      throw ProfileError(
        message:
          "\(path).reader.height: expected a page one line tall at every text size (\(NumberFormat.shortest(tallestLine)) pt inside the insets), found \(NumberFormat.shortest(pageHeight)) pt"
      )
    }
  }
}

/// Finds where a dotted key is written in a profile file: each part is a key of the object
/// the previous part names (keys of nested objects do not count), so `hinge.status.source`
/// finds the status's own note, not the first note inside it. A part that is not a key may be
/// the rest of the path written as one key (`source.*.lineHeight`). Nil when the key is not
/// written there (inherited from a base profile).
enum ProfileKeyLocator {
  static func locate(_ path: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
    // A key missing at the top is pointed at through the document's own object.
    if path.isEmpty {
      return bytes.firstIndex(of: UInt8(ascii: "{")).map { FileBytes.lineAndColumn(of: $0, in: bytes) }
    }
    var parts = path.split(separator: ".").map(String.init)[...]
    var object = 0
    var found: Int?
    while let part = parts.first {
      if let (key, value) = key(part, inObjectAt: object, in: bytes) {
        found = key
        object = value
        parts = parts.dropFirst()
      } else if parts.count > 1, let (key, _) = key(parts.joined(separator: "."), inObjectAt: object, in: bytes) {
        found = key
        parts = []
      } else {
        return nil
      }
    }
    return found.map { FileBytes.lineAndColumn(of: $0, in: bytes) }
  }

  /// The offsets of `"name"` among the keys of the object starting at (or after) `start`, and
  /// of its value.
  private static func key(_ name: String, inObjectAt start: Int, in bytes: [UInt8]) -> (Int, Int)? {
    let needle = Array(name.utf8)
    var depth = 0
    var i = start
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth <= 0 { return nil }
      case UInt8(ascii: "\""):
        let open = i
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        var after = i + 1
        while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
        if depth == 1, after < bytes.count, bytes[after] == UInt8(ascii: ":"),
          i - open - 1 == needle.count, Array(bytes[(open + 1)..<i]) == needle
        {
          var value = after + 1
          while value < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[value]) { value += 1 }
          return (open, value)
        }
      default: break
      }
      i += 1
    }
    return nil
  }
}
