import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// A UTF-8 text file read whole. Invalid UTF-8 is replaced by U+FFFD (one per invalid sequence,
/// as Swift's decoder does) and reported as a warning with the byte offset of the first one; a
/// leading UTF-8 byte-order mark is dropped.
struct TextFile {
  /// The decoded text.
  var text: String
  /// `FILE: invalid UTF-8 at byte N …` when the file was not valid UTF-8.
  var warning: String?

  /// Reads and decodes `path` (`-` is standard input), up to `limit` (exit 65 past it).
  static func read(_ path: String, limit: ReadLimit) throws(CLIError) -> TextFile {
    let bytes = try readBytes(path, limit: limit)
    return decode(bytes, name: path)
  }

  /// Decodes bytes as UTF-8, replacing invalid sequences.
  static func decode(_ bytes: [UInt8], name: String) -> TextFile {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if let text = String(validating: body, as: UTF8.self) {
      return TextFile(text: text, warning: nil)
    }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = body.makeIterator()
    var offset = bytes.count - body.count
    var firstBad = -1
    var badCount = 0
    loop: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error(let length):
        if firstBad < 0 { firstBad = offset }
        badCount += 1
        offset += length
      case .emptyInput: break loop
      }
    }
    let text = String(decoding: body, as: UTF8.self)
    return TextFile(
      text: text,
      warning: "\(name): invalid UTF-8 at byte \(firstBad) (\(badCount) invalid "
        + "sequence\(badCount == 1 ? "" : "s") replaced by U+FFFD)")
  }

  /// The bytes of a file; a missing file is exit 66, a read error exit 74, a file past
  /// `limit` exit 65.
  static func readBytes(_ path: String, limit: ReadLimit) throws(CLIError) -> [UInt8] {
    do {
      return try FileBytes.read(path: path, limit: limit)
    } catch {
      throw CLIError(inputError: error)
    }
  }
}
