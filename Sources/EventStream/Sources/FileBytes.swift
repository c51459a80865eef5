import Platform

/// Reads whole small files (profiles, reports, texts) with located errors; a directory is exit
/// 66 (`InputError.Kind.missing`: it cannot be read as a file).
public enum FileBytes {
  /// The bytes of `path` (`-` reads stdin); `display` names it in errors.
  public static func read(path: String, display: String? = nil) throws(InputError) -> [UInt8] {
    let name = display ?? (path == "-" ? "<stdin>" : path)
    let fd: Int32
    switch path == "-" ? .success(0) : POSIX.openReadOnly(path) {
    case .success(let opened): fd = opened
    case .failure(let error):
      throw InputError(
        file: name, line: 0, column: 0, message: "cannot open: \(error.message)", kind: error.isMissing ? .missing : .io
      )
    }
    defer { if fd != 0 { POSIX.close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      switch chunk.withUnsafeMutableBytes({ POSIX.read(fd, into: $0) }) {
      case .success(0): return bytes
      case .success(let n): bytes.append(contentsOf: chunk[0..<n])
      case .failure(let error) where error.isDirectory:
        throw InputError(file: name, line: 0, column: 0, message: "is a directory, expected a file", kind: .missing)
      case .failure(let error):
        throw InputError(file: name, line: 0, column: 0, message: "read failed: \(error.message)", kind: .io)
      }
    }
  }

  /// The UTF-8 byte order mark (U+FEFF), which every reader skips at the start of a file.
  public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// True when `bytes` start with the UTF-8 byte order mark.
  public static func hasByteOrderMark(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: byteOrderMark)
  }

  /// 1-based line and column (in characters) of a byte offset; a byte order mark at the start
  /// of the file takes no column.
  public static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = hasByteOrderMark(bytes) && offset >= byteOrderMark.count ? byteOrderMark.count : 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    let prefix = bytes[lineStart..<min(offset, bytes.count)]
    return (line, String(decoding: prefix, as: UTF8.self).count + 1)
  }
}
