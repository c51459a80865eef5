import Platform

/// A 64-bit FNV-1a hash of bytes, written as 16 lowercase hex digits: the same on every
/// platform and in every run (unlike Swift's seeded `Hasher`).
///
/// An **identity check, not a security one**: it tells whether two reports measured the same
/// file, text or profile; anyone can make two inputs with the same hash on purpose.
///
/// ```swift
/// var hash = ContentHash()
/// hash.add(Array("foobar".utf8))
/// hash.hex                           // "85944171f73967e8"
/// ContentHash.of(Array("a".utf8))    // "af63dc4c8601ec8c"
/// ```
public struct ContentHash: Sendable, Equatable {
  /// The FNV-1a 64-bit offset basis.
  public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The FNV-1a 64-bit prime.
  public static let prime: UInt64 = 0x0000_0100_0000_01b3

  /// The hash of the bytes added so far.
  public private(set) var value = ContentHash.offsetBasis

  /// A hash of no bytes.
  public init() {}

  /// Adds bytes.
  public mutating func add(_ bytes: UnsafeRawBufferPointer) {
    var h = value
    for byte in bytes { h = (h ^ UInt64(byte)) &* Self.prime }
    value = h
  }

  /// Adds bytes.
  public mutating func add(_ bytes: some Sequence<UInt8>) {
    var h = value
    for byte in bytes { h = (h ^ UInt64(byte)) &* Self.prime }
    value = h
  }

  /// The hash as 16 lowercase hex digits.
  public var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The hex hash of bytes.
  public static func of(_ bytes: some Sequence<UInt8>) -> String {
    var hash = ContentHash()
    hash.add(bytes)
    return hash.hex
  }

  /// The hex hash of a file's bytes, read in blocks (never held whole).
  public static func ofFile(_ path: String) throws(InputError) -> String {
    let fd: Int32
    switch POSIX.openReadOnly(path) {
    case .success(let opened): fd = opened
    case .failure(let error):
      throw InputError(
        file: path, line: 0, column: 0, message: "cannot open: \(error.message)", kind: error.isMissing ? .missing : .io
      )
    }
    defer { POSIX.close(fd) }
    var hash = ContentHash()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      switch chunk.withUnsafeMutableBytes({ POSIX.read(fd, into: $0) }) {
      case .success(0): return hash.hex
      case .success(let n): chunk.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
      case .failure(let error):
        throw InputError(file: path, line: 0, column: 0, message: "read failed: \(error.message)", kind: .io)
      }
    }
  }
}
