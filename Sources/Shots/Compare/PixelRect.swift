import EventStream

/// A rectangle of whole pixels, `x ..< x + width` by `y ..< y + height`.
public struct PixelRect: Sendable, Equatable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  /// Makes a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }

  /// The pixels that `rect` (CSS px in a frame `frameWidth` wide) covers in an image
  /// `imageWidth` × `imageHeight` pixels, at the image's scale (`imageWidth / frameWidth`:
  /// 1 unless the page had a device scale factor), rounded outwards and clipped to the image;
  /// nil when nothing of it lies inside.
  public init?(covering rect: Rect, frameWidth: Double, imageWidth: Int, imageHeight: Int) {
    guard frameWidth > 0 else { return nil }
    let scale = Double(imageWidth) / frameWidth
    let left = max(0, Int((rect.x * scale).rounded(.down)))
    let top = max(0, Int((rect.y * scale).rounded(.down)))
    let right = min(imageWidth, Int((rect.maxX * scale).rounded(.up)))
    let bottom = min(imageHeight, Int((rect.maxY * scale).rounded(.up)))
    guard right > left, bottom > top else { return nil }
    self.init(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// True when the pixel at column `px`, row `py` is inside.
  @inline(__always) public func contains(_ px: Int, _ py: Int) -> Bool {
    px >= x && px < x + width && py >= y && py < y + height
  }

  /// The smallest rectangle holding both.
  public func union(_ other: PixelRect) -> PixelRect {
    let left = min(x, other.x)
    let top = min(y, other.y)
    let right = max(x + width, other.x + other.width)
    let bottom = max(y + height, other.y + other.height)
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// `x 423–443, y 0–610` (inclusive pixel columns and rows).
  public var description: String { "x \(x)–\(x + width - 1), y \(y)–\(y + height - 1)" }
}
