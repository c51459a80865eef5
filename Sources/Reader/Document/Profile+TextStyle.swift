import EventStream
import Simulator
import Typesetter

extension Profile.Typography {
  /// The typesetter style for a Dynamic Type size: the profile's point size and line height
  /// for it, with the profile's line spacing, paragraph spacing, hyphenation factor and advance
  /// scale (1 unless a calibration was applied, `applying(_:)`). The
  /// profile holds every size (loading checks it), so this is the one table of those numbers.
  public func style(for size: TextSize) -> TextStyle {
    guard let s = sizes[size] else { preconditionFailure("the profile was loaded without text size \(size)") }
    return TextStyle(
      pointSize: s.pointSize, lineHeight: s.lineHeight, lineSpacing: lineSpacing,
      paragraphSpacing: paragraphSpacing, hyphenationFactor: hyphenationFactor, advanceScale: advanceScale)
  }
}
