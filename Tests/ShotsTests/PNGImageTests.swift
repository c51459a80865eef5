import CPNG
import Shots
import TestSupport
import Testing

@testable import Shots

/// libpng through `PNGImage`: what it writes it reads back to the byte, and every kind of bad
/// file is a `PNGError` whose message says what was found — never a crash or a jump over Swift
/// frames (the simplified API keeps libpng's longjmp inside libpng).
@Suite struct PNGImageTests {
  /// Each function looked up in libpng16.so.16 is the one png.h declares (the test binary links
  /// libpng; the comparison compiles only when the table's type is the header's).
  @Test func theTableIsLibpngsFunctions() throws {
    let png = try LibPNG.load()
    var wrong = LinkedFunctions()
    wrong.check("png_image_begin_read_from_memory", png.beginReadFromMemory, png_image_begin_read_from_memory)
    wrong.check("png_image_finish_read", png.finishRead, png_image_finish_read)
    wrong.check("png_image_free", png.free, png_image_free)
    wrong.check("png_image_write_to_memory", png.writeToMemory, png_image_write_to_memory)
    #expect(wrong.names == [])
  }

  @Test func whatIsWrittenReadsBackTheSame() throws {
    var image = PNGFixtures.page()
    image[0, 0] = PNGImage.Pixel(red: 1, green: 2, blue: 3, alpha: 4)
    image[39, 29] = PNGImage.Pixel(red: 255, green: 0, blue: 128, alpha: 255)
    let bytes = try image.encoded()
    #expect(Array(bytes.prefix(8)) == PNGError.signature)
    let back = try PNGImage.decode(bytes)
    #expect(back.width == 40 && back.height == 30)
    #expect(back[0, 0] == PNGImage.Pixel(red: 1, green: 2, blue: 3, alpha: 4))
    #expect(back == image)
  }

  @Test func aFileWithoutTheSignatureIsNotAPNG() throws {
    let gif = Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)
    #expect(throws: PNGError.notPNG(prefix: gif, size: gif.count)) { try PNGImage.decode(gif) }
    let message = PNGError.notPNG(prefix: gif, size: gif.count).message
    #expect(message.hasPrefix("expected a PNG, found 10 byte(s) without PNG's signature (they begin 47 49 46 38"))
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 }, "\(message)")
    #expect(PNGError.notPNG(prefix: [], size: 0).message == "expected a PNG, found an empty file")
  }

  /// Every cut of a PNG short of its end is refused with libpng's reason, whatever chunk the
  /// cut falls in (the signature alone, inside IHDR, inside IDAT, before IEND).
  @Test func aTruncatedPNGIsRefusedAtEveryCut() throws {
    let bytes = try PNGFixtures.page().encoded()
    for cut in [7, 8, 20, 33, 40, bytes.count / 2, bytes.count - 13] {
      do {
        _ = try PNGImage.decode(Array(bytes.prefix(cut)))
        Issue.record("a PNG cut at \(cut) of \(bytes.count) bytes was read")
      } catch {
        switch error {
        case .notPNG: #expect(cut < 8, "cut \(cut)")
        case .damaged(let reason):
          #expect(!reason.isEmpty)
          #expect(error.message.hasPrefix("expected a PNG, found a truncated or damaged one (libpng: "))
        default: Issue.record("cut \(cut): \(error)")
        }
      }
    }
  }

  @Test func aBadChecksumIsRefused() throws {
    var bytes = try PNGFixtures.page().encoded()
    bytes[bytes.count / 2] ^= 0x55  // inside IDAT: its CRC no longer matches
    #expect(throws: PNGError.self) { try PNGImage.decode(bytes) }
  }

  /// A header claiming 100,000 × 100,000 pixels (40 GB of RGBA) is refused from the header,
  /// before a buffer is allocated; so is any picture over a smaller limit.
  @Test func enormousDimensionsAreRefusedFromTheHeader() throws {
    let huge = try PNGFixtures.claiming(width: 100_000, height: 100_000)
    #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000, limit: PNGImage.defaultPixelLimit)) {
      try PNGImage.decode(huge)
    }
    let page = try PNGFixtures.page().encoded()
    #expect(throws: PNGError.tooLarge(width: 40, height: 30, limit: 1199)) {
      try PNGImage.decode(page, pixelLimit: 1199)
    }
    #expect(try PNGImage.decode(page, pixelLimit: 1200).width == 40)
    #expect(
      PNGError.tooLarge(width: 100_000, height: 100_000, limit: 33_554_432).message
        == "expected a PNG of at most 33554432 pixels, found 100000×100000 in its header")
  }
}
