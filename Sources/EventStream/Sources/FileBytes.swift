#if canImport(Glibc)
  import Glibc
#endif

/// Reads whole small files (profiles, scripts) with located errors.
public enum FileBytes {
  /// The bytes of `path` (`-` reads stdin); `display` names it in errors.
  public static func read(path: String, display: String? = nil) throws(InputError) -> [UInt8] {
    let name = display ?? (path == "-" ? "<stdin>" : path)
    let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      let reason = String(cString: strerror(errno))
      throw InputError(
        file: name, line: 0, column: 0, message: "cannot open: \(reason)",
        kind: errno == ENOENT || errno == EACCES || errno == ENOTDIR ? .missing : .io)
    }
    defer { if fd != 0 { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        if errno == EISDIR {
          throw InputError(file: name, line: 0, column: 0, message: "is a directory, expected a file")
        }
        throw InputError(
          file: name, line: 0, column: 0, message: "read failed: \(String(cString: strerror(errno)))", kind: .io)
      }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
  }

  /// 1-based line and column (in characters) of a byte offset.
  public static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    let prefix = bytes[lineStart..<min(offset, bytes.count)]
    return (line, String(decoding: prefix, as: UTF8.self).count + 1)
  }
}
