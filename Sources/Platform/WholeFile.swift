#if canImport(Glibc)
  import Glibc
#endif

/// Whole-file reads and writes for caches: a write never leaves a partial file under the name.
public enum WholeFile {
  /// The bytes of a regular file of at most `limit` bytes (`open`, `fstat`, `read`); nil when it
  /// cannot be read, is not a regular file or is larger.
  public static func read(_ path: String, limit: Int) -> [UInt8]? {
    guard case .success(let fd) = POSIX.openReadOnly(path) else { return nil }
    defer { POSIX.close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit else { return nil }
    let size = Int(info.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    while filled < size {
      let result = bytes.withUnsafeMutableBytes {
        POSIX.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
      }
      guard case .success(let n) = result, n > 0 else { return nil }
      filled += n
    }
    return bytes
  }

  /// Writes `bytes` to a new file beside `path` (`open` with `O_EXCL`, mode 0644), then
  /// `rename`s it to `path`, so readers see the old file or the whole new one; false (and
  /// nothing left behind) when a step fails.
  public static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
    let temporary = "\(path).\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    let written = bytes.withUnsafeBytes { POSIX.writeAll(fd, $0) }
    let closed = Glibc.close(fd) == 0
    guard case .success = written, closed, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  /// `mkdir` of `path` and each missing parent (mode 0755); true when it exists afterwards as a
  /// directory.
  public static func makeDirectories(_ path: String) -> Bool {
    var info = stat()
    if stat(path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
    if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
      guard makeDirectories(String(path[..<slash])) else { return false }
    }
    return mkdir(path, 0o755) == 0 || errno == EEXIST
  }
}
