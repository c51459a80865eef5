/// A disagreement between two sources of the device model. A profile names the conflicts it
/// knows in `conflicts`, with both sides' sources and the side it follows; `--conflict
/// NAME=SIDE` takes the other side for one run, and `hingesim profiles --conflicts` lists them
/// (docs/profiles.md, "Conflicts between sources").
///
/// ```swift
/// let duo = try Profile.load("iphone-duo", root: ".")
/// duo.conflicts.chosen(.tabletopFold)                                   // "fold-stays"
/// try duo.choosing(.tabletopFold, "fold-moves").poses[.tabletop]?.division?.y  // 339.5
/// ```
public enum SourceConflict: String, Sendable, CaseIterable {
  /// The fold's frame when the hinge is fully open: it stays put (only `isActive` changes), or
  /// it is 0 pt wide flat.
  case divisionWhenFlat
  /// The reader's frame on the inner display in portrait (held tall, tabletop): as measured,
  /// or the safe area the guide gives.
  case innerPortraitReader
  /// Where the fold is in tabletop: where it was held tall (the bottom bar hides, the reader
  /// grows downwards), or moved with a reader flush with the display's bottom.
  case tabletopFold
  /// The reader's horizontal bar: the 58-pt navigation bar in every pose, or no horizontal
  /// bar outside the inner display in portrait.
  case horizontalBar
  /// The fold's width: the division's own, or a design kit's avoidance band.
  case foldWidth
  /// What decides the hinge status: the angle alone, or the angle and the orientation.
  case status
  /// What `start tent` in a script means: the closed phone held sideways, or a partly open
  /// phone turned over.
  case tent

  /// The two sides' names, as a profile and `--conflict` write them.
  public var sides: [String] {
    switch self {
    case .divisionWhenFlat: ["frame-stays", "zero-when-flat"]
    case .innerPortraitReader: ["measured", "safe-area"]
    case .tabletopFold: ["fold-stays", "fold-moves"]
    case .horizontalBar: ["every-pose", "inner-portrait-only"]
    case .foldWidth: ["division", "avoidance-band"]
    case .status: ["angle", "angle-and-orientation"]
    case .tent: ["closed-sideways", "partly-open-flipped"]
    }
  }

  /// The side whose values are the poses as the profile writes them (nil: every side is
  /// computed, or the conflict changes behaviour, not values): choosing it changes nothing,
  /// and the other side is computed from the written values.
  var writtenSide: String? {
    switch self {
    case .innerPortraitReader: "measured"
    case .horizontalBar: "every-pose"
    case .foldWidth: "division"
    default: nil
    }
  }

  /// What the conflict is about, for `profiles --conflicts`.
  public var subject: String {
    switch self {
    case .divisionWhenFlat: "the fold's frame when fully open"
    case .innerPortraitReader: "the reader's frame held tall and in tabletop"
    case .tabletopFold: "where the fold is in tabletop"
    case .horizontalBar: "the reader's horizontal bar"
    case .foldWidth: "the fold's width"
    case .status: "what decides the hinge status"
    case .tent: "what 'start tent' means in a script"
    }
  }

  /// The names, for messages.
  static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
