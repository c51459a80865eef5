/// The device's orientation, named as iOS names it relative to the closed phone held upright.
public enum Orientation: String, Sendable, CaseIterable {
  case portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

  /// True for the two landscape orientations (the hinge is horizontal).
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
  /// True for the orientations that say nothing about the hinge's direction.
  public var isFlat: Bool { self == .faceUp || self == .faceDown }

  /// Parses a name case-insensitively.
  public init?(name: some StringProtocol) {
    let lower = name.lowercased()
    guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lower }) else {
      return nil
    }
    self = match
  }
}

/// A Dynamic Type size category, xSmall … AX5.
public enum TextSize: String, Sendable, CaseIterable, Comparable {
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
  case AX1, AX2, AX3, AX4, AX5

  /// Parses a name case-insensitively; `accessibility1` … `accessibility5` are accepted for AX1 … AX5.
  public init?(name: some StringProtocol) {
    var lower = name.lowercased()
    if lower.hasPrefix("accessibility") { lower = "ax" + lower.dropFirst("accessibility".count) }
    guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lower }) else {
      return nil
    }
    self = match
  }

  /// The next larger category (AX5 wraps to xSmall).
  public var next: TextSize {
    let all = Self.allCases
    let index = all.firstIndex(of: self)!
    return all[(index + 1) % all.count]
  }

  public static func < (a: TextSize, b: TextSize) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// Which way a page turn goes.
public enum TurnDirection: String, Sendable, CaseIterable {
  case next, prev
}

/// How a page turn was asked for: a touch (a swipe or a tap on the turn controls), or
/// VoiceOver's three-finger swipe (UIKit's `accessibilityScroll`). The reader turns the same
/// way for both; never for the hinge (`turn-not-from-hinge`).
public enum TurnInput: String, Sendable, CaseIterable {
  case touch, voiceover
}

/// What a drag into the notes carries: the selection (as Add to Notes takes it), or the first
/// line on screen (a drag that picks up a line without a selection first, as the knob's button
/// does).
public enum DragPassage: String, Sendable, CaseIterable {
  case selection, firstLine
}

/// Split View (multitasking): which side of the fold the app is given, or off.
public enum SplitMode: String, Sendable, CaseIterable {
  case left, right, off
}

/// The hinge status UIKit reports (`unknown` before the first sample and after a sensor silence).
public enum HingeStatus: String, Sendable, CaseIterable {
  case unknown, closed, partiallyOpen, fullyOpen
}

/// The device pose (Duology's words; no API reports it, the simulator derives it).
public enum Pose: String, Sendable, CaseIterable {
  case unknown, closed, closedSideways, openWide, book, openTall, tabletop, splitView

  /// True in the poses of a half-folded phone (book, tabletop): the fold is a crease, the Device
  /// Posture API's `folded`. The one place that decides it.
  public var isFolded: Bool { self == .book || self == .tabletop }
}

/// Which display shows the app.
public enum Display: String, Sendable, CaseIterable {
  case outer, inner
}

/// A rectangle in points.
public struct Rect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  /// Makes a rectangle.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The right edge.
  public var maxX: Double { x + width }
  /// The bottom edge.
  public var maxY: Double { y + height }

  /// True when the two rectangles share interior points.
  public func intersects(_ other: Rect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }
}

/// A `.division` reserved region (the fold), in the reader's coordinates.
public struct Division: Hashable, Sendable {
  /// Where the fold lies; it stays put when the phone folds.
  public var frame: Rect
  /// True while the phone is folded (the fold is a real crease).
  public var isActive: Bool

  /// Makes a division region.
  public init(frame: Rect, isActive: Bool) {
    self.frame = frame
    self.isActive = isActive
  }

  /// True when the fold runs top to bottom (taller than wide).
  public var isVertical: Bool { frame.height > frame.width }
}

/// Why a run ended before its source did (`{"type":"end","reason":…}`, the stream's last line).
/// A run that reaches the end of its source has no end marker.
public enum EndReason: String, Sendable, CaseIterable {
  /// A signal stopped it (Ctrl-C: `SIGINT`, or `SIGTERM`).
  case interrupted
  /// The program stopped it itself: `--duration` was reached, or its output went away.
  case stopped
  /// The source could not be read on (the error is on stderr).
  case error
}
