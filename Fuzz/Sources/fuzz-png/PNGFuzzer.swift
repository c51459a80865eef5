import FuzzSupport
import Shots

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzPNGOnce)
}

/// `shots compare`'s readers: the input as a PNG (`PNGImage.decode`, libpng's simplified API,
/// with a 2²⁰-pixel limit so a header's claim stays cheap here) and as a folder's index
/// (`ShotIndex.records`). Checks what they promise: a decoded image has as many pixels as its
/// size, within the limit, and writes and reads back to itself; a refusal is one line saying
/// `expected a PNG, …`; an index's records name files inside the folder.
func fuzzPNGOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzz.bytes(data, size)
  let limit = 1 << 20
  do {
    let image = try PNGImage.decode(bytes, pixelLimit: limit)
    Fuzz.require(image.width > 0 && image.height > 0, "an empty image was read")
    Fuzz.require(image.width * image.height <= limit, "\(image.width)×\(image.height) passed the limit")
    Fuzz.require(image.pixels.count == image.width * image.height, "pixels do not match the size")
    let again = try PNGImage.decode(try image.encoded(), pixelLimit: limit)
    Fuzz.require(again == image, "a decoded image did not survive writing and reading back")
  } catch {
    let message = error.message
    Fuzz.require(message.hasPrefix("expected a PNG"), "a refusal that does not say what was expected: \(message)")
    Fuzz.require(
      !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a control character: \(message)")
    Fuzz.require(message.count <= 300, "a refusal of \(message.count) characters")
  }
  if !bytes.starts(with: PNGError.signature) {
    do {
      for record in try ShotIndex.records(bytes, file: "fuzz.jsonl") {
        Fuzz.require(!record.file.isEmpty && !record.file.contains("/"), "a file outside the folder: \(record.file)")
        Fuzz.require(record.width > 0 && record.height > 0, "a frame of \(record.width)×\(record.height)")
      }
    } catch {
      Fuzz.require(error.kind == .badData, "an index's bytes refused as \(error.kind)")
      Fuzz.require(!error.summary.contains("\n"), "a refusal over two lines")
    }
  }
  return 0
}
