import TestSupport
import Testing

@testable import EventStream

/// The hash reports identify their inputs with: FNV-1a 64, the same everywhere.
@Suite struct ContentHashTests {
  @Test(
    "the published FNV-1a 64 test vectors",
    arguments: [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")])
  func vectors(_ input: String, _ expected: String) {
    #expect(ContentHash.of(Array(input.utf8)) == expected)
  }

  @Test("a file hashes as its bytes, across the 64 KiB read blocks")
  func file() throws {
    // 200,000 bytes: three full blocks and a partial one, so a block boundary bug shows.
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
    let path = TestSupport.temporaryFile(bytes, suffix: ".bin")
    #expect(try ContentHash.ofFile(path) == ContentHash.of(bytes))
    var split = ContentHash()
    split.add(bytes[..<70_000])
    split.add(bytes[70_000...])
    #expect(split.hex == ContentHash.of(bytes))
  }

  @Test("a missing file is an input error, not a hash")
  func missing() {
    #expect(throws: InputError.self) { try ContentHash.ofFile("/nonexistent/hingesim-file") }
  }

  @Test("canonical JSON ignores layout, key order and number spelling, not values")
  func canonical() throws {
    let a = try JSONValue.parse(Array(#"{ "b": 1.0, "a": [true, null, "x"], "c": {"z": 2, "y": 0.5} }"#.utf8))
    let b = try JSONValue.parse(Array(#"{"a":[true,null,"x"],"c":{"y":5e-1,"z":2},"b":1}"#.utf8))
    let c = try JSONValue.parse(Array(#"{"a":[true,null,"x"],"c":{"y":0.5,"z":3},"b":1}"#.utf8))
    #expect(String(decoding: a.canonicalBytes, as: UTF8.self) == #"{"a":[true,null,"x"],"b":1,"c":{"y":0.5,"z":2}}"#)
    #expect(a.canonicalBytes == b.canonicalBytes)
    #expect(a.canonicalBytes != c.canonicalBytes)
  }
}
