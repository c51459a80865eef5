import Testing

@testable import EventStream

/// The JSON scanner and the event decoder on input built to break them (issue 11): RFC 8259
/// numbers, deep nesting, a byte order mark, huge lines, huge times, control characters.
@Suite struct JSONRobustnessTests {
  func decode(_ line: String, _ dialect: EventDecoder.Dialect = .input) throws(EventDecoder.Failure)
    -> EventDecoder.Line
  {
    let bytes = Array(line.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws(EventDecoder.Failure) in
      try EventDecoder(dialect: dialect).decode(buffer)
    }
  }

  func parse(_ text: String) -> JSONValue? { try? JSONValue.parse(Array(text.utf8)) }

  @Test("numbers with leading zeros are refused (RFC 8259)", arguments: ["012", "-01", "00", "-00.5", "0012.5e1"])
  func leadingZeros(number: String) {
    #expect(parse("[\(number)]") == nil)
    // The excerpt: 24 characters of the line from the number on, then `…`.
    let excerpt = String((number + #","type":"hinge","angle":1}"#).prefix(24))
    #expect(
      throws: EventDecoder.Failure(
        column: 6, message: "expected a number without leading zeros, found '\(excerpt)…'")
    ) {
      try decode(#"{"t":"# + number + #","type":"hinge","angle":1}"#)
    }
  }

  @Test(
    "zero itself, and numbers starting 0., stay valid", arguments: ["0", "-0", "0.5", "-0.5", "0e3", "10", "100.01"])
  func validZeros(number: String) throws {
    #expect(parse("[\(number)]") != nil)
    #expect(parse(number) != nil)
    let line = #"{"t":1,"type":"hinge","angle":"# + number + "}"
    #expect(try decode(line) == .event(Event(time: 1, .sample(angle: Double(number)!))))
  }

  @Test("nesting deeper than 64 arrays is a clear error, not a deep recursion")
  func deepNesting() throws {
    let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
    #expect(throws: JSONSyntaxError(offset: 64, expected: "at most 64 nested arrays and objects")) {
      try JSONValue.parse(Array(deep.utf8))
    }
    #expect(parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) != nil)
    #expect(
      throws: EventDecoder.Failure(
        column: 100, message: "expected at most 64 nested arrays and objects, found '[[[[[[[[[[[[[[[[[[[[[[[[…'")
    ) {
      try decode(#"{"t":0,"type":"hinge","angle":0,"x":"# + deep + "}")
    }
  }

  @Test("a document may start with a UTF-8 byte order mark")
  func byteOrderMark() throws {
    let value = try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
    #expect(value == .object([("a", .number(1))]))
    #expect(throws: JSONSyntaxError.self) { try JSONValue.parse([0xEF, 0xBB, 0xBF]) }
    #expect(FileBytes.lineAndColumn(of: 5, in: [0xEF, 0xBB, 0xBF] + Array("{\"a\"".utf8)) == (1, 3))
  }

  @Test("\\u escapes take exactly four hex digits; escaped keys are decoded")
  func unicodeEscapes() throws {
    #expect(parse(#"["\u+041"]"#) == nil)
    #expect(parse(#"["\u-041"]"#) == nil)
    #expect(parse(#"["\u0041"]"#) == .array([.string("A")]))
    #expect(throws: EventDecoder.Failure.self) { try decode(#"{"t":0,"type":"hinge","angle":0,"\x":1}"#) }
  }

  @Test("a line of 200,000 unknown fields decodes in linear time (a column was worked out per field)")
  func manyFields() throws {
    let line = #"{"t":0,"type":"hinge","angle":1"# + String(repeating: #","a":0"#, count: 200_000) + "}"
    let clock = ContinuousClock()
    let start = clock.now
    #expect(try decode(line) == .event(Event(time: 0, .sample(angle: 1))))
    let time = clock.now - start
    #expect(time < .seconds(3), "decoding took \(time)")
  }

  @Test("t beyond the maximum is refused with the accepted range, per dialect")
  func timeLimits() throws {
    #expect(
      throws: EventDecoder.Failure(
        column: 6, message: "expected a 't' from 0 to 1e12 ms (about 31 years), found 1.8e+305")
    ) { try decode(#"{"t":1.8e305,"type":"hinge","angle":0}"#) }
    #expect(
      throws: EventDecoder.Failure(column: 6, message: "expected a 't' from 0 to 1e12 ms (about 31 years), found -5")
    ) { try decode(#"{"t":-5,"type":"hinge","angle":0}"#) }
    #expect(try decode(#"{"t":1e12,"type":"turn","direction":"next"}"#) == .event(Event(time: 1e12, .turn(.next))))
    #expect(
      throws: EventDecoder.Failure(
        column: 6, message: "expected a 't' from 0 to 2e12 ms (about 63 years), found 3000000000000")
    ) { try decode(#"{"t":3e12,"type":"turn","direction":"next"}"#, .simulator) }
    #expect(
      try decode(#"{"t":1.5e12,"type":"turn","direction":"next"}"#, .simulator)
        == .event(Event(time: 1.5e12, .turn(.next))))
  }

  @Test("found-texts escape control characters and never split a character")
  func foundTexts() {
    #expect(
      throws: EventDecoder.Failure(
        column: 31, message: #"expected a number for 'angle' (degrees), found '"\u{1B}[2J"}'"#)
    ) { try decode("{\"t\":0,\"type\":\"hinge\",\"angle\":\"\u{1B}[2J\"}") }
    let wide = String(repeating: "é", count: 30)
    #expect(
      throws: EventDecoder.Failure(
        column: 31, message: "expected a number for 'angle' (degrees), found '\"\(String(repeating: "é", count: 23))…'")
    ) { try decode("{\"t\":0,\"type\":\"hinge\",\"angle\":\"\(wide)\"}") }
  }
}
