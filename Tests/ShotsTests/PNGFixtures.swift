import Shots

/// Small pictures for the tests, written with libpng (`PNGImage.encoded`).
enum PNGFixtures {
  static let paper = PNGImage.Pixel(red: 250, green: 248, blue: 240)
  static let ink = PNGImage.Pixel(red: 20, green: 20, blue: 30)

  /// A 40 × 30 page of paper with a line of ink across row 5 and a vertical fold band at
  /// x 18–21 (the fold's pixels are painted like paper).
  static func page(width: Int = 40, height: Int = 30) -> PNGImage {
    var image = PNGImage(width: width, height: height, fill: paper)
    for x in 2..<(width - 2) { image[x, 5] = ink }
    return image
  }

  /// The fold's band on `page()`: columns 18–21.
  static let fold = PixelRect(x: 18, y: 0, width: 4, height: 30)

  /// A valid PNG whose IHDR says `width` × `height` (its CRC recomputed), the rest of a 1 × 1
  /// picture after it: what a hostile or broken file can claim before any pixel is read.
  static func claiming(width: UInt32, height: UInt32) throws -> [UInt8] {
    var bytes = try PNGImage(width: 1, height: 1, fill: paper).encoded()
    // Signature (8), IHDR length (4), "IHDR" (4), then width and height, big-endian.
    func put(_ value: UInt32, at offset: Int) {
      for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
    }
    put(width, at: 16)
    put(height, at: 20)
    put(crc32(bytes[12..<29]), at: 29)  // the CRC covers the type and the 13 data bytes
    return bytes
  }

  /// PNG's CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected), bit by bit.
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
