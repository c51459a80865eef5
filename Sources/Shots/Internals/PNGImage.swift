import CPNG
import EventStream
import Platform

/// An image as 8-bit RGBA pixels, read from PNG and written to PNG by libpng's simplified API
/// (`LibPNG`): `png_image_begin_read_from_memory` reads the header, the size is held to a
/// limit before any pixel buffer is allocated, then `png_image_finish_read` decodes into it.
///
/// ```swift
/// var image = PNGImage(width: 4, height: 3, fill: .white)
/// image[1, 2] = PNGImage.Pixel(red: 255, green: 0, blue: 0)
/// let bytes = try image.encoded()            // a PNG file's bytes
/// let back = try PNGImage.decode(bytes)      // == image
/// ```
public struct PNGImage: Sendable, Equatable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// Row by row from the top, one word per pixel holding its R, G, B, A bytes in memory order
  /// (libpng's `PNG_FORMAT_RGBA`).
  public var pixels: [UInt32]

  /// One pixel's four 8-bit channels.
  public struct Pixel: Sendable, Equatable {
    /// The channels, 0–255 (alpha 255 is opaque).
    public var red, green, blue, alpha: UInt8

    /// Makes a pixel.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
      (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Opaque white.
    public static let white = Pixel(red: 255, green: 255, blue: 255)

    /// The pixel as stored in `pixels`.
    public var word: UInt32 {
      withUnsafeBytes(of: (red, green, blue, alpha)) { $0.loadUnaligned(as: UInt32.self) }
    }

    /// The pixel a stored word holds.
    public init(word: UInt32) {
      let bytes = withUnsafeBytes(of: word) { Array($0) }
      self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes[3])
    }
  }

  /// An image of one colour.
  public init(width: Int, height: Int, fill: Pixel) {
    precondition(width > 0 && height > 0, "an image has at least one pixel")
    self.width = width
    self.height = height
    pixels = [UInt32](repeating: fill.word, count: width * height)
  }

  /// The pixel at column `x`, row `y` (from the top left).
  public subscript(x: Int, y: Int) -> Pixel {
    get { Pixel(word: pixels[y * width + x]) }
    set { pixels[y * width + x] = newValue.word }
  }

  /// The most pixels `decode` accepts by default: 2²⁵ (33,554,432, e.g. 8192 × 4096), whose
  /// RGBA buffer is 128 MiB. A phone's screenshot at 3× is under 7 M pixels.
  public static let defaultPixelLimit = 1 << 25

  /// The image a PNG file's bytes hold, as RGBA whatever the file's colour type and depth
  /// (libpng converts: palette, grey, 16-bit).
  /// - Throws: `PNGError` for bytes without PNG's signature, a PNG libpng cannot read whole
  ///   (truncated, bad CRC, bad compressed data), or one of more than `pixelLimit` pixels
  ///   (refused from its header, before any pixel is allocated); `.unavailable` without libpng.
  public static func decode(_ bytes: [UInt8], pixelLimit: Int = defaultPixelLimit) throws(PNGError) -> PNGImage {
    guard bytes.starts(with: PNGError.signature) else {
      throw .notPNG(prefix: Array(bytes.prefix(16)), size: bytes.count)
    }
    let png: LibPNG
    do { png = try LibPNG.load() } catch { throw .unavailable(error) }
    // libpng keeps this address as its error handler's argument between calls: it must not move.
    let control = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
    control.initialize(to: png_image())
    defer {
      png.free(control)  // a no-op once finish_read has freed the reader
      control.deallocate()
    }
    control.pointee.version = hingesim_png_image_version
    // libpng reads from `bytes` during both calls: one borrow holds them in place.
    let result = bytes.withUnsafeBytes { memory -> Result<PNGImage, PNGError> in
      guard png.beginReadFromMemory(control, memory.baseAddress, memory.count) != 0 else {
        return .failure(.damaged(Self.message(control)))
      }
      let (width, height) = (Int(control.pointee.width), Int(control.pointee.height))
      let (area, overflow) = width.multipliedReportingOverflow(by: height)
      guard width > 0, height > 0, !overflow, area <= pixelLimit else {
        return .failure(.tooLarge(width: width, height: height, limit: pixelLimit))
      }
      control.pointee.format = hingesim_png_format_rgba
      var pixels = [UInt32](repeating: 0, count: area)
      let finished = pixels.withUnsafeMutableBytes { buffer in
        png.finishRead(control, nil, buffer.baseAddress, Int32(width * 4), nil)
      }
      guard finished != 0 else { return .failure(.damaged(Self.message(control))) }
      return .success(PNGImage(width: width, height: height, pixels: pixels))
    }
    return try result.get()
  }

  /// The image as a PNG file's bytes (8-bit RGBA, `png_image_write_to_memory`).
  /// - Throws: `.unavailable` without libpng; `.damaged` if libpng refuses (it does not for
  ///   an image this type can hold).
  public func encoded() throws(PNGError) -> [UInt8] {
    let png: LibPNG
    do { png = try LibPNG.load() } catch { throw .unavailable(error) }
    let control = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
    control.initialize(to: png_image())
    defer {
      png.free(control)
      control.deallocate()
    }
    func describe() {
      control.pointee = png_image()
      control.pointee.version = hingesim_png_image_version
      control.pointee.width = UInt32(width)
      control.pointee.height = UInt32(height)
      control.pointee.format = hingesim_png_format_rgba
    }
    let result = pixels.withUnsafeBytes { source -> Result<[UInt8], PNGError> in
      describe()
      var size: png_alloc_size_t = 0
      guard png.writeToMemory(control, nil, &size, 0, source.baseAddress, Int32(width * 4), nil) != 0 else {
        return .failure(.damaged(Self.message(control)))
      }
      var bytes = [UInt8](repeating: 0, count: Int(size))
      describe()
      let written = bytes.withUnsafeMutableBytes { out in
        png.writeToMemory(control, out.baseAddress, &size, 0, source.baseAddress, Int32(width * 4), nil)
      }
      guard written != 0 else { return .failure(.damaged(Self.message(control))) }
      bytes.removeLast(bytes.count - Int(size))
      return .success(bytes)
    }
    return try result.get()
  }

  private init(width: Int, height: Int, pixels: [UInt32]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// libpng's `message` (a NUL-terminated `char[64]`), escaped.
  private static func message(_ control: UnsafeMutablePointer<png_image>) -> String {
    let text = withUnsafeBytes(of: control.pointee.message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    return InputText.excerpt(text.isEmpty ? "no reason given" : text, limit: 80)
  }
}
