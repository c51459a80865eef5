import EventStream

/// Which typography lays out text: the profile's stand-in font as it is (`inter`), or calibrated
/// to the device font's metrics (`calibrated`: line heights from the metrics, advances scaled).
public enum TypographyChoice: String, Sendable, Equatable, CaseIterable {
  /// Line heights from the device font's metrics and advances scaled by the calibration.
  case calibrated
  /// The profile's line heights and the stand-in font's own advances.
  case inter

  /// The choice when none is given: `calibrated` when the profile has a calibration (the
  /// simulator should place text as the device does), else `inter`.
  public static func defaultChoice(hasCalibration: Bool) -> TypographyChoice {
    hasCalibration ? .calibrated : .inter
  }
}

extension Profile.Typography {
  /// The device font's vertical metrics (font units) and the stand-in's width correction: what
  /// `typography.calibration` in a profile holds.
  public struct Calibration: Sendable, Equatable {
    /// The metrics' units per em.
    public var unitsPerEm: Double
    /// Ascender above the baseline, font units (positive).
    public var ascender: Double
    /// Descender, font units (negative: below the baseline).
    public var descender: Double
    /// Line gap, font units.
    public var lineGap: Double
    /// The stand-in's advances times this give the device font's (nil: 1).
    public var advanceScale: Double?

    /// Makes a calibration.
    public init(unitsPerEm: Double, ascender: Double, descender: Double, lineGap: Double, advanceScale: Double?) {
      self.unitsPerEm = unitsPerEm
      self.ascender = ascender
      self.descender = descender
      self.lineGap = lineGap
      self.advanceScale = advanceScale
    }

    /// The font's line height at a point size, as UIKit's `UIFont.lineHeight` gives it:
    /// (ascender − descender + lineGap) ÷ unitsPerEm × size. SF Pro at 17 pt: 2444 ÷ 2048 × 17
    /// = 20.287109375, the height public UIKit tests assert for `systemFont(ofSize: 17)`.
    public func lineHeight(pointSize: Double) -> Double {
      (ascender - descender + lineGap) / unitsPerEm * pointSize
    }
  }

  /// The typography a choice lays text out with: `inter` is the profile's as written (no
  /// advance scale); `calibrated` takes each size's line height from the calibration's metrics
  /// and its advance scale. Nil when `calibrated` is asked of a profile without a calibration.
  public func applying(_ choice: TypographyChoice) -> Profile.Typography? {
    var typography = self
    typography.advanceScale = 1
    guard choice == .calibrated else { return typography }
    guard let calibration else { return nil }
    for (size, value) in sizes {
      typography.sizes[size] = (value.pointSize, calibration.lineHeight(pointSize: value.pointSize))
    }
    typography.advanceScale = calibration.advanceScale ?? 1
    return typography
  }

  /// The choice when none is given (`TypographyChoice.defaultChoice(hasCalibration:)`).
  public var defaultChoice: TypographyChoice { .defaultChoice(hasCalibration: calibration != nil) }
}
