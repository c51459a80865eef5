import TestSupport
import Testing

@testable import EventStream

/// The number scan of the trace readers' fast paths reads what `Double(text)` reads, and only
/// plain decimals it can read exactly; the raw-sample fast path reads what the general decoder
/// reads, or declines.
@Suite("ShortDecimal and the raw-sample fast path")
struct ShortDecimalTests {
  /// The value `scan` reads from the whole of `text` (nil when it declines or stops short),
  /// checked to be the same through the bounded scan and through the one that stops at a `}`.
  func scanned(_ text: String, leadingZeros: Bool) -> Double? {
    let bytes = Array(text.utf8)
    let bounded = bytes.withUnsafeBufferPointer { b -> Double? in
      guard let base = b.baseAddress ?? UnsafePointer(bitPattern: 1) else { return nil }
      guard let r = ShortDecimal.scan(base, end: base + b.count, leadingZeros: leadingZeros), r.end == base + b.count
      else { return nil }
      return r.value
    }
    let terminated = (bytes + [UInt8(ascii: "}")]).withUnsafeBufferPointer { b -> Double? in
      guard let r = ShortDecimal.scan(terminated: b.baseAddress!, leadingZeros: leadingZeros),
        r.end == b.baseAddress! + bytes.count
      else { return nil }
      return r.value
    }
    #expect(bounded?.bitPattern == terminated?.bitPattern, "\(text)")
    return bounded
  }

  /// The grammar the scan promises, written from its specification: `-`? digits (`.`
  /// digits)?, at most 15 digits, and without `leadingZeros` no `0` before another integer digit.
  func isShortDecimal(_ text: String, leadingZeros: Bool) -> Bool {
    var rest = Substring(text)
    if rest.first == "-" { rest = rest.dropFirst() }
    let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (s: Substring) in !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
    guard isDigits(parts[0]), parts.count == 1 || isDigits(parts[1]) else { return false }
    if !leadingZeros, parts[0].count > 1, parts[0].first == "0" { return false }
    return parts.map(\.count).reduce(0, +) <= ShortDecimal.maxDigits
  }

  @Test("a scan reads exactly the plain decimals of at most 15 digits, each as Double(text) does")
  func scanAgreesWithDouble() {
    var random = SeededRandom(seed: 0x5EED_0030)
    let alphabet = Array("0123456789012345678901234567890123456789.-+eE ")
    var accepted = 0
    for round in 0..<20_000 {
      let text: String
      if round % 2 == 0 {
        text = String((0..<random.int(1...19)).map { _ in random.pick(alphabet) })
      } else {
        // Plain decimals of 1 to 18 digits with a point anywhere: around the 15-digit limit.
        let digits = String((0..<random.int(1...18)).map { _ in random.pick(Array("0123456789")) })
        let point = random.int(0...digits.count)
        let body =
          point == 0 || point == digits.count
          ? digits : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        text = (random.oneIn(3) ? "-" : "") + body
      }
      for leadingZeros in [true, false] {
        let value = scanned(text, leadingZeros: leadingZeros)
        #expect((value != nil) == isShortDecimal(text, leadingZeros: leadingZeros), "\(text)")
        if let value {
          accepted += 1
          #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
      }
    }
    #expect(accepted > 10_000)  // the scan is exercised, not declining everything
  }

  @Test("the edges: fifteen digits and sixteen, tenths, negative zero, leading zeros, exponents")
  func scanEdges() {
    for text in ["0.1", "0.3", "2.675", "999999999999999", "99999999999999.9", "0.00000000000001", "179.9968", "-0"] {
      #expect(scanned(text, leadingZeros: false)?.bitPattern == Double(text)!.bitPattern, "\(text)")
    }
    #expect(scanned("-0", leadingZeros: false)?.sign == .minus)
    for text in [
      "9007199254740993", "0.000000000000001", "0.1234567890123456", "1e5", "1E5", "+1", "1.", ".5", "-", "", "1.2.3",
      "0x10",
    ] {
      #expect(scanned(text, leadingZeros: true) == nil, "\(text)")
    }
    #expect(scanned("007", leadingZeros: true) == 7)
    #expect(scanned("007", leadingZeros: false) == nil)
    #expect(scanned("-01.5", leadingZeros: false) == nil)
    #expect(scanned("0.5", leadingZeros: false) == 0.5)
  }

  /// A line `rawSample` reads is the sample the general decoder reads from it, to the bit.
  func agrees(_ line: String, _ decoder: EventDecoder) -> Bool? {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { b -> Bool? in
      guard let fast = EventDecoder.rawSample(b) else { return nil }
      guard case .event(let event)? = try? decoder.decode(b), case .sample(let angle) = event.kind else { return false }
      return event.time.bitPattern == fast.time.bitPattern && angle.bitPattern == fast.angle.bitPattern
    }
  }

  @Test("a raw sample read in place is the general decoder's, bit for bit; anything else is declined")
  func rawSampleAgreesWithDecode() {
    var random = SeededRandom(seed: 0x5EED_0031)
    let decoder = EventDecoder(dialect: .input)
    let numbers = ["0", "-0", "1", "12.5", "179.9968", "0.0004", "1e3", "01", "-1", "1.", "123456789012345", "1e12"]
    var read = 0
    for round in 0..<6_000 {
      let t = random.oneIn(2) ? String(random.int(0...2_000_000)) : random.pick(numbers)
      let angle =
        random.oneIn(2) ? "\(random.int(-180...180)).\(random.int(0...9999))" : random.pick(numbers)
      var line = Array(#"{"t":\#(t),"type":"hinge","angle":\#(angle)}"#.utf8)
      if round % 3 == 0 {  // one byte changed, inserted or taken out
        let at = random.int(0...(line.count - 1))
        let byte = random.pick(Array(" \t\"{}:,.-0123456789eExh".utf8) + [0x01, 0xC3])
        switch random.int(0...2) {
        case 0: line[at] = byte
        case 1: line.insert(byte, at: at)
        default: line.remove(at: at)
        }
      }
      let text = String(decoding: line, as: UTF8.self)
      guard let agreed = agrees(text, decoder) else { continue }
      #expect(agreed, "\(text)")
      read += 1
    }
    #expect(read > 2_000)
    // The shortest line it reads, and lines one change away from being read.
    #expect(agrees(#"{"t":0,"type":"hinge","angle":0}"#, decoder) == true)
    for declined in [
      #"{"t":0,"type":"hinge","angle":0} "#, #"{"t":0, "type":"hinge","angle":0}"#,
      #"{"t":1e12,"type":"hinge","angle":0}"#,
      #"{"t":-1,"type":"hinge","angle":0}"#, #"{"t":1000000000001,"type":"hinge","angle":0}"#,
      #"{"t":0,"type":"hinge","angle":0,"x":1}"#, #"{"type":"hinge","t":0,"angle":0}"#,
      #"{"t":0,"type":"Hinge","angle":0}"#, #"{"t":00,"type":"hinge","angle":0}"#,
    ] {
      #expect(agrees(declined, decoder) == nil, "\(declined)")
    }
  }
}
