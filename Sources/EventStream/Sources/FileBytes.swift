import Platform

/// Reads whole files (profiles, reports, texts, PDFs, app logs) with located errors and a read
/// limit; a directory is exit 66 (`InputError.Kind.missing`: it cannot be read as a file).
public enum FileBytes {
  /// The bytes of `path` (`-` reads stdin); `display` names it in errors. A regular file larger
  /// than `limit` is refused before a byte is read; any other input (a pipe, `/dev/zero`) once
  /// `limit.bytes + 1` bytes have arrived, holding at most the limit and one read in memory
  /// (`ReadLimit.exceeded`, exit 65).
  public static func read(path: String, display: String? = nil, limit: ReadLimit) throws(InputError) -> [UInt8] {
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
    let size = POSIX.regularFileSize(fd)
    if let size, size > limit.bytes { throw limit.exceeded(file: name) }
    // Blocks of 1 MiB, joined once at the end: never a doubling copy of a large array. A regular
    // file's first block is its size and one byte (for the read that finds its end): a 20-KB
    // profile does not zero a 1-MiB block (256 page faults) and copy out of it.
    let blockSize = 1 << 20
    var blocks: [[UInt8]] = []
    var total = 0
    var block = [UInt8](repeating: 0, count: size.map { min(blockSize, $0 + 1) } ?? blockSize)
    var filled = 0
    while true {
      let result = block.withUnsafeMutableBytes {
        POSIX.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
      }
      switch result {
      case .success(0):
        if block.count - filled <= 1 {
          block.removeLast(block.count - filled)
          blocks.append(block)
        } else {
          blocks.append(Array(block[0..<filled]))
        }
        return joined(&blocks, total: total)
      case .success(let n):
        filled += n
        total += n
        if total > limit.bytes { throw limit.exceeded(file: name) }
        if filled == block.count {
          blocks.append(block)
          if block.count < blockSize { block = [UInt8](repeating: 0, count: blockSize) }
          filled = 0
        }
      case .failure(let error) where error.isDirectory:
        throw InputError(file: name, line: 0, column: 0, message: "is a directory, expected a file", kind: .missing)
      case .failure(let error):
        throw InputError(file: name, line: 0, column: 0, message: "read failed: \(error.message)", kind: .io)
      }
    }
  }

  /// The blocks as one array, each released once copied: the peak is the input and one block.
  private static func joined(_ blocks: inout [[UInt8]], total: Int) -> [UInt8] {
    if blocks.count == 1 { return blocks.removeLast() }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(total)
    for index in blocks.indices {
      bytes.append(contentsOf: blocks[index])
      blocks[index] = []
    }
    return bytes
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
