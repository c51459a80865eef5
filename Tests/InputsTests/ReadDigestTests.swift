import Foundation
import Platform
import TestSupport
import Testing

@testable import EventStream
@testable import Inputs

/// How a report identifies a source it cannot read twice (stdin, a pipe): the reader hashes
/// what it reads, and the hash counts only when it read to the end.
@Suite("Read digest")
struct ReadDigestTests {
  /// A trace of `lines` lines, its bytes.
  static func trace(lines: Int) -> [UInt8] {
    Array((0..<lines).map { #"{"t":\#($0 * 10),"type":"hinge","angle":\#($0 % 180)}"# + "\n" }.joined().utf8)
  }

  /// Opens `bytes` as a descriptor (a pipe's stand-in: read once, front to back), with the
  /// first `prefix` bytes already taken as stdin's sniffing takes them.
  static func reader(_ bytes: [UInt8], prefix: Int) -> (LineReader, ReadDigest) {
    let path = TestSupport.temporaryFile(bytes)
    let fd = open(path, O_RDONLY)
    var head = [UInt8](repeating: 0, count: prefix)
    let n = read(fd, &head, prefix)
    let reader = LineReader(fileDescriptor: fd, name: "<stdin>", prefix: Array(head[..<max(0, n)]))
    close(fd)  // the reader holds its own duplicate
    let digest = ReadDigest()
    reader.digest = digest
    return (reader, digest)
  }

  @Test("read to the end, the digest is the hash of every byte, the sniffed prefix included")
  func complete() throws {
    // 200 KB: several reads after the prefix, so each read's bytes must be hashed once, in order.
    let bytes = Self.trace(lines: 5000)
    let (reader, digest) = Self.reader(bytes, prefix: 300)
    var lines = 0
    while try reader.nextLine({ _ in }) != nil { lines += 1 }
    #expect(lines == 5000)
    #expect(digest.completeHash == ContentHash.of(bytes))
  }

  @Test("a reader stopped before the end leaves the content unknown")
  func cutShort() throws {
    let (reader, digest) = Self.reader(Self.trace(lines: 5000), prefix: 300)
    _ = try reader.nextLine { _ in }
    #expect(digest.completeHash == nil)
  }
}
