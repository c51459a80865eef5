import Testing

@testable import HingeSimCLI

/// A repeatable option (`bench typeset --text A --text B`) keeps every value in order; a single
/// option keeps its last.
@Suite struct RepeatedOptionTests {
  @Test func everyValueInOrder() throws {
    var args = Arguments(["--text", "a.txt", "--runs", "3", "--text=b.txt", "--text", "c.txt"])
    #expect(try args.options("--text") == ["a.txt", "b.txt", "c.txt"])
    #expect(try args.options("--text") == [])
    #expect(try args.int("--runs") == 3)
  }

  @Test func aSingleOptionKeepsTheLast() throws {
    var args = Arguments(["--width", "1", "--width", "2"])
    #expect(try args.option("--width") == "2")
    #expect(try args.option("--width") == nil)
  }
}
