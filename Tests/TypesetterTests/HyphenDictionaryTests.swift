import Testing

@testable import Typesetter

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct HyphenDictionaryTests {
  /// libhyphen reads the word as a C string (`strstr` for the NOHYPHEN characters) although it is
  /// given its length. The word's bytes end right before an unreadable page: the wrapper must hand
  /// libhyphen a terminated copy, or the process dies with SIGSEGV here.
  @Test func libhyphenNeverReadsPastTheWord() throws {
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    let mapping = try #require(
      mmap(nil, 2 * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
    try #require(mapping != MAP_FAILED)
    defer { munmap(mapping, 2 * pageSize) }
    try #require(mprotect(mapping + pageSize, pageSize, PROT_NONE) == 0)
    let dictionary = Fixtures.hyphenator.dictionary
    for word in ["hyphenation", "extraordinary", "incomprehensibilities"] {
      let bytes = Array(word.utf8)
      let start = (mapping + pageSize - bytes.count).assumingMemoryBound(to: UInt8.self)
      start.initialize(from: bytes, count: bytes.count)
      let points = dictionary.hyphenationPoints(
        utf8: UnsafeBufferPointer(start: start, count: bytes.count), leftMin: 2, rightMin: 3)
      #expect(points == dictionary.hyphenationPoints(utf8: bytes, leftMin: 2, rightMin: 3))
      #expect(!points.isEmpty)
    }
  }
}
