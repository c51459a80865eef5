/// The twelve Dynamic Type categories with their default body sizes and line heights.
///
/// These defaults are the one place the typesetter's profile values live until the device profile
/// supplies them. Point sizes are the iOS body sizes (14 … 53 pt). Line heights are the research
/// note's "HIG body leading" column (19, 20, 21, 22, 24, 27, 29, 34, 40, 48, 56, 62 pt); only
/// Large's 22 pt is sourced, the others are unverified recollections of Apple's HIG tables.
public enum TextSizeCategory: String, CaseIterable, Sendable {
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
  case ax1 = "AX1"
  case ax2 = "AX2"
  case ax3 = "AX3"
  case ax4 = "AX4"
  case ax5 = "AX5"

  /// Parses a category name case-insensitively: `large`, `AX5`, `ax5` or `accessibility5`.
  public init?(name: String) {
    let lower = name.lowercased()
    if let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lower }) {
      self = match
    } else if lower.hasPrefix("accessibility"), let n = Int(lower.dropFirst(13)),
      (1...5).contains(n)
    {
      self = Self.allCases[6 + n]
    } else {
      return nil
    }
  }

  /// The body point size (17 at Large).
  public var pointSize: Double {
    [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53][index]
  }

  /// The default line height in points (22 at Large).
  public var lineHeight: Double {
    [19, 20, 21, 22, 24, 27, 29, 34, 40, 48, 56, 62][index]
  }

  /// The default style at this category: lineSpacing 3, paragraphSpacing 10, hyphenationFactor 0.7.
  public var style: TextStyle {
    TextStyle(
      pointSize: pointSize, lineHeight: lineHeight, lineSpacing: TypesetterDefaults.lineSpacing,
      paragraphSpacing: TypesetterDefaults.paragraphSpacing,
      hyphenationFactor: TypesetterDefaults.hyphenationFactor)
  }

  private var index: Int { Self.allCases.firstIndex(of: self)! }
}

/// Profile defaults used until the device profile supplies them (Debian paths).
public enum TypesetterDefaults {
  /// Inter Regular from `fonts-inter`, the SF Pro stand-in.
  public static let fontPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
  /// DejaVu Sans from `fonts-dejavu-core`, for glyphs Inter lacks.
  public static let fallbackFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  /// US English patterns from `hyphen-en-us`.
  public static let hyphenationDictionaryPath = "/usr/share/hyphen/hyph_en_US.dic"
  /// TextKit `lineSpacing`.
  public static let lineSpacing = 3.0
  /// TextKit `paragraphSpacing`.
  public static let paragraphSpacing = 10.0
  /// TextKit `hyphenationFactor`.
  public static let hyphenationFactor = 0.7
  /// The default category.
  public static let category = TextSizeCategory.large
}
