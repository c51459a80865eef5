import CHarfBuzz

/// The fonts that supply glyphs the primary font lacks, as Pango finds them: the explicit
/// fallback font (the profile's) first, then, in fontconfig's sort for the primary font's family
/// (`FcFontSort`), the first font whose character set covers the cluster. The sort and each font
/// are loaded on first need, and the choice is cached per distinct set of code points, so a text
/// the primary font covers never asks fontconfig.
final class FontFallback {
  let primary: Font
  let first: Font?
  /// Whether fontconfig's sort is consulted after `first`.
  let system: Bool
  private var sort: FontconfigSort?
  private var loaded: [Int: Font] = [:]
  private var unloadable: Set<Int> = []
  private var choices: [[UInt32]: Int32] = [:]
  /// Fonts chosen from fontconfig's sort so far (paths), for reports.
  private(set) var usedPaths: [String] = []
  /// The distinct segment being shaped (-1: none), and the distinct segment (or -1) each font of
  /// `usedPaths` was first loaded for: what `settleUsedPaths` orders by.
  var segmentEntry = -1
  private var firstUses: [(path: String, entry: Int)] = []

  /// No font at all: `first` nil and no fontconfig.
  static let none: Int32 = -1
  /// `first`.
  static let firstID: Int32 = 0

  init(primary: Font, first: Font?, system: Bool) {
    self.primary = primary
    self.first = first
    self.system = system
  }

  /// The font with an id `fontID(for:count:)` gave (not `none`).
  func font(_ id: Int32) -> Font? {
    if id == Self.firstID { return first }
    let entry = Int(id) - 1
    if let font = loaded[entry] { return font }
    guard let sort, !unloadable.contains(entry) else { return nil }
    let e = sort.entries[entry]
    guard let font = try? Font(path: e.path, index: Int(e.index)) else {
      unloadable.insert(entry)
      return nil
    }
    loaded[entry] = font
    if !usedPaths.contains(e.path) {
      usedPaths.append(e.path)
      firstUses.append((e.path, segmentEntry))
    }
    return font
  }

  /// Lists the fonts this instance and `others` (other threads' states for the same fonts)
  /// loaded: those loaded outside shaping (the scan's kerning pairs) first, then in the order of
  /// the distinct segments that first needed them — the order one thread doing the scan and
  /// then every segment in turn gives.
  func settleUsedPaths(others: [FontFallback]) {
    let uses = ([self] + others).flatMap(\.firstUses).enumerated().sorted {
      ($0.element.entry, $0.offset) < ($1.element.entry, $1.offset)
    }
    usedPaths = []
    for use in uses where !usedPaths.contains(use.element.path) { usedPaths.append(use.element.path) }
  }

  /// Code points a font need not have for a cluster: variation selectors, joiners, invisible
  /// format characters and tags (HarfBuzz hides them when the font lacks them).
  @inline(__always)
  static func isIgnorable(_ c: UInt32) -> Bool {
    (0xFE00...0xFE0F).contains(c) || (0x200B...0x200F).contains(c) || (0x2060...0x206F).contains(c)
      || c == 0xFEFF || c == 0xAD || c == 0x34F || (0x180B...0x180F).contains(c)
      || (0xE0000...0xE0FFF).contains(c)
  }

  /// Characters that do not choose a font but keep the one before them (Pango's rule: not
  /// graphic — spaces, controls, format and unassigned code points, line and paragraph
  /// separators — and variation selectors).
  static func keepsFont(_ c: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(c) else { return true }
    switch scalar.properties.generalCategory {
    case .control, .format, .unassigned, .surrogate, .spaceSeparator, .lineSeparator,
      .paragraphSeparator:
      return true
    default:
      return isIgnorable(c)
    }
  }

  /// Emoji shown as emoji by default, regional indicators and skin-tone modifiers: Pango
  /// itemises their runs apart from text.
  static func isEmoji(_ c: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(c) else { return false }
    return scalar.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(c)
      || (0x1F3FB...0x1F3FF).contains(c)
  }

  /// The font for one cluster of glyphs the primary font lacks (UTF-16 units): the first
  /// fallback that covers all its code points but the ignorable ones, else the first that covers
  /// its first code point, else `none`.
  func fontID(for units: UnsafePointer<UInt16>, count: Int) -> Int32 {
    var scalars: [UInt32] = []
    var emoji = false
    for (_, c) in UTF16Scalars(units, 0..<count) {
      emoji = emoji || c == 0xFE0F || Self.isEmoji(c)
      if !Self.isIgnorable(c) { scalars.append(c) }
    }
    if scalars.isEmpty {
      // Only ignorables: the first code point decides.
      scalars.append(UTF16Scalars.scalar(units, at: 0, count: count))
    }
    var key = Array(Set(scalars)).sorted()
    if emoji { key.append(UInt32.max) }  // not a code point: emoji presentation
    if let id = choices[key] { return id }
    let id = choose(Array(key.prefix(emoji ? key.count - 1 : key.count)), first: scalars[0], emoji: emoji)
    choices[key] = id
    return id
  }

  /// The choice for a cluster's code points. An emoji cluster (emoji presentation, a variation
  /// selector 16, a regional indicator or skin tone) takes the first color font of the sort that
  /// covers it, as Pango does (DejaVu Sans has 😀 in black and white; Noto Color Emoji draws it).
  private func choose(_ scalars: [UInt32], first leading: UInt32, emoji: Bool) -> Int32 {
    if emoji && system {
      if sort == nil { sort = FontconfigSort(family: primary.familyName ?? "sans-serif") }
      if let sort {
        for e in sort.entries.indices where sort.entries[e].color && sort.entries[e].path != primary.path {
          if scalars.allSatisfy({ sort.covers(e, $0) }), font(Int32(e + 1)) != nil { return Int32(e + 1) }
        }
      }
    }
    return choose(scalars, first: leading)
  }

  private func choose(_ scalars: [UInt32], first leading: UInt32) -> Int32 {
    func firstCovers(_ all: [UInt32]) -> Bool {
      guard let first else { return false }
      return all.allSatisfy { Unicode.Scalar($0).map(first.face.hasGlyph) ?? false }
    }
    if firstCovers(scalars) { return Self.firstID }
    if system {
      if sort == nil { sort = FontconfigSort(family: primary.familyName ?? "sans-serif") }
      if let sort {
        for pass in 0..<2 {
          let wanted = pass == 0 ? scalars : [leading]
          for e in sort.entries.indices where sort.entries[e].path != primary.path {
            if wanted.allSatisfy({ sort.covers(e, $0) }), font(Int32(e + 1)) != nil {
              return Int32(e + 1)
            }
          }
          if pass == 0 && firstCovers([leading]) { return Self.firstID }
        }
      }
    } else if firstCovers([leading]) {
      return Self.firstID
    }
    return Self.none
  }
}

extension FontFallback {
  /// The HarfBuzz script of a code point (Common, Inherited and Unknown included).
  @inline(__always)
  static func script(_ c: UInt32) -> hb_script_t {
    let hb = HarfBuzz.loaded
    return hb.unicodeScript(hb.unicodeFuncsGetDefault(), c)
  }

  /// True for the scripts that take their neighbours' (Common, Inherited, Unknown).
  @inline(__always)
  static func isNeutral(_ s: hb_script_t) -> Bool {
    s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
  }
}
