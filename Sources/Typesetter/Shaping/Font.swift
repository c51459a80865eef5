import Platform

/// A font file shaped with HarfBuzz at its own scale (font units); sizes are applied by scaling.
///
/// Advances scale linearly with the point size, which holds for static fonts without optical
/// sizes or size-dependent tracking (Inter's static OTFs).
public final class Font: Sendable {
  /// The file the font was loaded from.
  public let path: String
  let face: HarfBuzzFace

  /// Loads face `index` (0, the first, unless the file is a collection) of a font file (OTF, TTF,
  /// TTC). The first font opens the libraries text layout calls (HarfBuzz, FriBidi, libunibreak,
  /// fontconfig), so a layout never meets a missing one halfway.
  /// - Throws: `TypesetterError.libraryUnavailable` when one of them cannot be loaded,
  ///   `.unreadableFont` when the file cannot be loaded.
  public init(path: String, index: Int = 0) throws(TypesetterError) {
    let hb: HarfBuzz
    do {
      hb = try Self.loadLibraries()
    } catch {
      throw .libraryUnavailable(error)
    }
    guard let face = HarfBuzzFace(path: path, index: index, hb: hb) else {
      throw .unreadableFont(path: path)
    }
    self.path = path
    self.face = face
  }

  /// Opens the libraries a font and a text layout call, once (`Font.init` opens them otherwise):
  /// for a command that can open them on a second thread while it reads its profile (`run`).
  /// What fails is left for `Font.init` to report.
  public static func openLibraries() { _ = try? loadLibraries() }

  private static func loadLibraries() throws(LibraryUnavailable) -> HarfBuzz {
    let hb = try HarfBuzz.load()
    _ = try FriBidi.load()
    _ = try Unibreak.load()
    _ = try Fontconfig.load()
    return hb
  }

  /// The font's family name from its `name` table (Inter-Regular.otf: "Inter"): the family
  /// fontconfig sorts fallback fonts for.
  public var familyName: String? { face.familyName }

  /// The font's units per em (Inter-Regular.otf: 2816).
  public var unitsPerEm: Int { face.unitsPerEm }

  /// True when the font has a glyph for the scalar.
  public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { face.hasGlyph(scalar) }

  /// The advance of a string at a point size, shaped as one run (no line breaking).
  public func advance(of text: String, pointSize: Double) -> Double {
    let units = Array(text.utf16)
    let shaper = HarfBuzzShaper()
    let sum = units.withUnsafeBufferPointer { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return shaper.advance(base, count: buffer.count, face: face)
    }
    return Double(sum) * pointSize / Double(unitsPerEm)
  }
}
