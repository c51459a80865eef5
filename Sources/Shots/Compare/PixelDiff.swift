/// How two pictures of the same layout differ, pixel by pixel: a pixel is changed when any of
/// its R, G, B, A bytes differ (no tolerance: two runs of the same page in the same browser
/// paint the same bytes), and it is in the fold when it lies in the fold's band.
///
/// ```swift
/// let diff = PixelDiff(before, after, fold: PixelRect(x: 423, y: 0, width: 21, height: 611))
/// diff.outcome     // .changed(pixels: 1234, inFold: 1234, bounds: x 423–443, y 0–610)
/// diff.image       // the picture of the difference (nil when the sizes differ)
/// ```
public struct PixelDiff: Sendable, Equatable {
  /// What the comparison found.
  public enum Outcome: Sendable, Equatable {
    /// Every pixel equal.
    case same
    /// `pixels` changed, `inFold` of them in the fold's band, all inside `bounds`.
    case changed(pixels: Int, inFold: Int, bounds: PixelRect)
    /// The two pictures are not the same size: no pixel is compared.
    case sizesDiffer(before: (width: Int, height: Int), after: (width: Int, height: Int))

    public static func == (a: Outcome, b: Outcome) -> Bool {
      switch (a, b) {
      case (.same, .same): true
      case (.changed(let p, let f, let r), .changed(let q, let g, let s)): p == q && f == g && r == s
      case (.sizesDiffer(let x, let y), .sizesDiffer(let u, let v)): x == u && y == v
      default: false
      }
    }
  }

  /// What was found.
  public let outcome: Outcome
  /// Pixels compared (0 when the sizes differ).
  public let total: Int
  /// The fold's band in pixels, if the layout has one inside the picture.
  public let fold: PixelRect?
  /// The difference drawn for people: the after picture faded to grey, the fold's band tinted
  /// blue, each changed pixel magenta — red in the fold. Nil when the sizes differ.
  public let image: PNGImage?

  /// The fraction of pixels changed, 0…1 (1 when the sizes differ).
  public var changedFraction: Double {
    switch outcome {
    case .same: 0
    case .changed(let pixels, _, _): Double(pixels) / Double(max(total, 1))
    case .sizesDiffer: 1
    }
  }

  /// Changed pixels in the fold's band.
  public var changedInFold: Int {
    if case .changed(_, let inFold, _) = outcome { return inFold }
    return 0
  }

  /// Colours of the difference picture.
  public static let changedColour = PNGImage.Pixel(red: 255, green: 0, blue: 255)
  /// A changed pixel in the fold's band.
  public static let changedInFoldColour = PNGImage.Pixel(red: 230, green: 0, blue: 0)

  /// Compares `before` with `after`; `fold` is the fold's band in their pixels.
  public init(_ before: PNGImage, _ after: PNGImage, fold: PixelRect?) {
    self.fold = fold
    guard before.width == after.width, before.height == after.height else {
      outcome = .sizesDiffer(before: (before.width, before.height), after: (after.width, after.height))
      total = 0
      image = nil
      return
    }
    let (width, height) = (before.width, before.height)
    total = width * height
    var picture = after
    var changed = 0
    var inFold = 0
    var left = width
    var top = height
    var right = -1
    var bottom = -1
    let marked = Self.changedColour.word
    let markedInFold = Self.changedInFoldColour.word
    before.pixels.withUnsafeBufferPointer { a in
      after.pixels.withUnsafeBufferPointer { b in
        picture.pixels.withUnsafeMutableBufferPointer { out in
          for y in 0..<height {
            let row = y * width
            for x in 0..<width {
              let i = row + x
              let folded = fold?.contains(x, y) ?? false
              if a[i] != b[i] {
                changed += 1
                if folded { inFold += 1 }
                left = min(left, x)
                right = max(right, x)
                top = min(top, y)
                bottom = max(bottom, y)
                out[i] = folded ? markedInFold : marked
              } else {
                out[i] = Self.faded(b[i], folded: folded)
              }
            }
          }
        }
      }
    }
    image = picture
    outcome =
      changed == 0
      ? .same
      : .changed(
        pixels: changed, inFold: inFold,
        bounds: PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1))
  }

  /// An unchanged pixel on the difference picture: its grey level pulled three quarters of the
  /// way to white (light blue in the fold), so the changes stand out and the page stays legible.
  @inline(__always) static func faded(_ word: UInt32, folded: Bool) -> UInt32 {
    let r = word & 0xFF
    let g = (word >> 8) & 0xFF
    let b = (word >> 16) & 0xFF
    let grey = (r * 77 + g * 150 + b * 29) >> 8
    let light = 255 - (255 - grey) / 4
    let (red, green) = folded ? (light * 3 / 4, light * 7 / 8) : (light, light)
    return red | green << 8 | light << 16 | 0xFF00_0000
  }
}
