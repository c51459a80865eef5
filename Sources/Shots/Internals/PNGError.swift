import EventStream
import Platform

/// Why bytes are not an image `PNGImage` reads; `message` completes `FILE: expected a PNG, …`.
public enum PNGError: Error, Sendable, Equatable {
  /// The bytes do not start with PNG's 8-byte signature (their first bytes and total size).
  case notPNG(prefix: [UInt8], size: Int)
  /// libpng could not read it whole: truncated, a bad CRC, bad compressed data (libpng's reason).
  case damaged(String)
  /// Its header declares more pixels than the limit.
  case tooLarge(width: Int, height: Int, limit: Int)
  /// libpng could not be loaded.
  case unavailable(LibraryUnavailable)

  /// `\x89PNG\r\n\x1a\n`, the first bytes of every PNG file.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// `expected a PNG, found …`.
  public var message: String {
    switch self {
    case .notPNG(let prefix, let size):
      if size == 0 { return "expected a PNG, found an empty file" }
      let hex = prefix.prefix(8).map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
      }
      let text = String(decoding: prefix, as: UTF8.self)
      return "expected a PNG, found \(size) byte(s) without PNG's signature (they begin \(hex.joined(separator: " ")): "
        + "\"\(InputText.excerpt(text, limit: 16))\")"
    case .damaged(let reason):
      return "expected a PNG, found a truncated or damaged one (libpng: \(reason))"
    case .tooLarge(let width, let height, let limit):
      return "expected a PNG of at most \(limit) pixels, found \(width)×\(height) in its header"
    case .unavailable(let error):
      return error.description
    }
  }
}
