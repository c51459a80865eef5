/// Text style for one pagination (all from the device profile).
public struct TextStyle: Hashable, Sendable {
  /// The body font size in points (17 at Large).
  public var pointSize: Double
  /// The fixed height of every line in points (22 at Large).
  public var lineHeight: Double
  /// Space added below every line, inside its fragment (TextKit's `lineSpacing`, 3).
  public var lineSpacing: Double
  /// Space added below a paragraph's last line, inside its fragment (`paragraphSpacing`, 10).
  public var paragraphSpacing: Double
  /// Hyphenate when a line would otherwise fill less than this share of the width (0.7);
  /// 0 turns hyphenation off.
  public var hyphenationFactor: Double
  /// Every advance is multiplied by this (1: the font's own widths). A calibration sets it to
  /// emulate a narrower or wider font's widths with the font at hand (0.946: SF Pro's with Inter).
  public var advanceScale: Double

  /// Makes a style.
  public init(
    pointSize: Double, lineHeight: Double, lineSpacing: Double, paragraphSpacing: Double,
    hyphenationFactor: Double, advanceScale: Double = 1
  ) {
    self.pointSize = pointSize
    self.lineHeight = lineHeight
    self.lineSpacing = lineSpacing
    self.paragraphSpacing = paragraphSpacing
    self.hyphenationFactor = hyphenationFactor
    self.advanceScale = advanceScale
  }
}
