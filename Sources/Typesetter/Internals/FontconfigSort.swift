import CFontconfig

/// The fonts fontconfig sorts for a family (`FcFontSort` of the family pattern after the
/// configuration's and the default substitutions, trimmed to fonts that add coverage), in order,
/// each with its file, face index and character set: the list Pango takes fallback fonts from.
final class FontconfigSort {
  /// One font of the sort. `charset` is owned by the sort's font set.
  struct Entry {
    let path: String
    let index: Int32
    let charset: OpaquePointer?
    /// A color font (fontconfig's `color`: Noto Color Emoji).
    let color: Bool
  }

  private let fc: Fontconfig
  private let set: UnsafeMutablePointer<FcFontSet>?
  let entries: [Entry]

  /// Sorts the installed fonts for `family`; empty when fontconfig has no configuration.
  init(family: String) {
    let fc = Fontconfig.loaded
    self.fc = fc
    guard let config = fc.configGetCurrent(), let pattern = fc.patternCreate() else {
      set = nil
      entries = []
      return
    }
    defer { fc.patternDestroy(pattern) }
    family.withCString {
      _ = fc.patternAddString(pattern, "family", UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
    }
    _ = fc.configSubstitute(config, pattern, FcMatchPattern)
    fc.defaultSubstitute(pattern)
    var result = FcResultMatch
    set = fc.fontSort(config, pattern, FcTrue, nil, &result)
    var entries: [Entry] = []
    if let set, let fonts = set.pointee.fonts {
      for k in 0..<Int(set.pointee.nfont) {
        guard let font = fonts[k] else { continue }
        var file: UnsafeMutablePointer<FcChar8>?
        guard fc.patternGetString(font, "file", 0, &file) == FcResultMatch, let file else { continue }
        var index: Int32 = 0
        if fc.patternGetInteger(font, "index", 0, &index) != FcResultMatch { index = 0 }
        var charset: OpaquePointer?
        if fc.patternGetCharSet(font, "charset", 0, &charset) != FcResultMatch { charset = nil }
        var color: FcBool = FcFalse
        if fc.patternGetBool(font, "color", 0, &color) != FcResultMatch { color = FcFalse }
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        entries.append(Entry(path: path, index: index, charset: charset, color: color != FcFalse))
      }
    }
    self.entries = entries
  }

  /// True when the font at `entry` covers the scalar (by its fontconfig character set).
  func covers(_ entry: Int, _ scalar: UInt32) -> Bool {
    guard let charset = entries[entry].charset else { return false }
    return fc.charSetHasChar(charset, scalar) != 0
  }

  deinit {
    if let set { fc.fontSetDestroy(set) }
  }
}
