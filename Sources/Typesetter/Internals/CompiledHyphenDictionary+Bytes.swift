import Platform

#if canImport(Glibc)
  import Glibc
#endif

/// Appends little-endian integers and raw bytes (`CompiledHyphenDictionary.encode`).
struct ByteWriter {
  private(set) var bytes: [UInt8] = []

  mutating func int8(_ value: CChar) { bytes.append(UInt8(bitPattern: value)) }

  mutating func int32(_ value: Int32) { uint32(UInt32(bitPattern: value)) }

  mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

  mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

  mutating func bytes(_ raw: some Collection<UInt8>) { bytes.append(contentsOf: raw) }

  mutating func bytes(_ raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

  mutating func source(_ source: HyphenDictionarySource) {
    uint64(source.size)
    uint64(source.checksum)
  }

  /// A C string as its length and bytes (-1 for NULL); returns the bytes it takes with its NUL.
  mutating func string(_ text: UnsafeMutablePointer<CChar>?) -> Int {
    guard let text else {
      int32(-1)
      return 0
    }
    let length = strlen(text)
    int32(Int32(length))
    bytes(UnsafeRawBufferPointer(start: text, count: length))
    return length + 1
  }
}

/// Reads what `ByteWriter` wrote; every read is nil past the end.
struct ByteReader {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var isAtEnd: Bool { offset == bytes.count }

  mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
    guard count >= 0, count <= bytes.count - offset else { return nil }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
  }

  mutating func int8() -> CChar? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return CChar(bitPattern: bytes[offset])
  }

  mutating func uint32() -> UInt32? {
    guard offset <= bytes.count - 4 else { return nil }
    defer { offset += 4 }
    return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  mutating func int32() -> Int32? { uint32().map { Int32(bitPattern: $0) } }

  mutating func uint64() -> UInt64? {
    guard offset <= bytes.count - 8 else { return nil }
    defer { offset += 8 }
    return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// A `uint32` count of at most `limit`.
  mutating func count(limit: Int) -> Int? {
    guard let value = uint32(), Int(value) <= limit else { return nil }
    return Int(value)
  }

  mutating func source() -> HyphenDictionarySource? {
    guard let size = uint64(), let checksum = uint64() else { return nil }
    return HyphenDictionarySource(size: size, checksum: checksum)
  }
}
