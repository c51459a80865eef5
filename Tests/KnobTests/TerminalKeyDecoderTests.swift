import Testing

@testable import Knob

/// The terminal's bytes → keys: every sequence the view's keys send, split anywhere, and garbage.
@Suite struct TerminalKeyDecoderTests {
  private func decode(_ text: String, at now: Double = 0) -> [TerminalKey] {
    var decoder = TerminalKeyDecoder()
    return decoder.receive(Array(text.utf8), at: now)
  }

  /// What xterm, VTE, tmux and the Linux console send for the knob's keys (ECMA-48 CSI, DEC
  /// application mode SS3, xterm's `~` keys and SGR / X10 mouse reports).
  static let sequences: [(String, TerminalKey)] = [
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OD", .left), ("\u{1B}[1;5C", .right), ("\u{1B}[1;2A", .up),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[5;3~", .pageUp),
    ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
    ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[<64;10;5M", .wheelUp), ("\u{1B}[<65;1;1M", .wheelDown), ("\u{1B}[<80;3;4M", .wheelUp),
    ("\u{1B}[<0;10;5M", .mouse), ("\u{1B}[<0;10;5m", .mouse), ("\u{1B}[<66;1;1M", .mouse),
    ("\u{1B}[M`!!", .wheelUp), ("\u{1B}[Ma!!", .wheelDown), ("\u{1B}[M !!", .mouse),
    ("\r", .enter), ("\n", .enter), (" ", .space), ("q", .character(UInt8(ascii: "q"))),
    ("\u{3}", .control(3)), ("\u{7F}", .control(0x7F)),
    ("\u{1B}[15~", .unknown), ("\u{1B}[Z", .unknown), ("\u{1B}OP", .unknown),
  ]

  @Test func eachSequenceInOneRead() {
    for (text, key) in Self.sequences {
      #expect(decode(text) == [key], "\(Array(text.utf8))")
    }
  }

  /// A read can end anywhere: every split of every sequence, and of all of them back to back,
  /// decodes to the same keys as one read.
  @Test func sequencesSplitAcrossReadsDecodeTheSame() {
    let all = Self.sequences.map(\.0).joined()
    let expected = Self.sequences.map(\.1)
    #expect(decode(all) == expected)
    let bytes = Array(all.utf8)
    for cut in 0...bytes.count {
      var decoder = TerminalKeyDecoder()
      let keys = decoder.receive(bytes[..<cut], at: 0) + decoder.receive(bytes[cut...], at: 1)
      #expect(keys == expected, "cut at \(cut)")
    }
    var decoder = TerminalKeyDecoder()
    let oneByOne = bytes.enumerated().flatMap { decoder.receive([$0.element], at: Double($0.offset)) }
    #expect(oneByOne == expected)
  }

  /// A lone ESC waits for the rest; only when its time is up is it the Escape key.
  @Test func aLoneEscapeIsTheEscapeKeyOnlyOnceItsTimeIsUp() {
    var decoder = TerminalKeyDecoder()
    #expect(decoder.receive([0x1B], at: 100) == [])
    #expect(decoder.deadline == 100 + TerminalKeyDecoder.escapeTimeoutMs)
    #expect(decoder.expire(at: 120) == [])  // not yet: the rest may be on its way
    #expect(decoder.receive(Array("[B".utf8), at: 130) == [.down])
    #expect(decoder.deadline == nil)
    #expect(decoder.receive([0x1B], at: 200) == [])
    #expect(decoder.expire(at: 250) == [.escape])
    #expect(decoder.deadline == nil)
    // A cut-off sequence is unknown, and what follows decodes.
    #expect(decoder.receive(Array("\u{1B}[1;".utf8), at: 300) == [])
    #expect(decoder.expire(at: 400) == [.unknown])
    #expect(decoder.receive(Array("\u{1B}[A".utf8), at: 401) == [.up])
  }

  /// ESC then a key that starts no sequence is Escape, then that key; two ESCs are two Escapes.
  @Test func escapeFollowedByAnotherKey() {
    #expect(decode("\u{1B}q") == [.escape, .character(UInt8(ascii: "q"))])
    var decoder = TerminalKeyDecoder()
    #expect(decoder.receive([0x1B, 0x1B], at: 0) == [.escape])
    #expect(decoder.expire(at: 60) == [.escape])
  }

  /// Garbage never gets the decoder stuck: a broken sequence is unknown and the next key decodes.
  @Test func garbageIsUnknownAndTheNextKeyDecodes() {
    #expect(decode("\u{1B}[12\u{7}A") == [.unknown, .control(7), .character(UInt8(ascii: "A"))])
    #expect(decode("\u{1B}[1\u{1B}[A") == [.unknown, .up])
    // 'x' is a final byte (ECMA-48): the sequence ends there, unknown, and the rest is text.
    #expect(
      decode("\u{1B}[<64;x;5M\u{1B}[C")
        == [
          .unknown, .character(UInt8(ascii: ";")), .character(UInt8(ascii: "5")), .character(UInt8(ascii: "M")), .right,
        ])
    #expect(decode("\u{1B}[<64;1;5;7M") == [.unknown])
    #expect(decode("\u{1B}[<9999999;1;1M") == [.unknown])
    // A parameter run past the limit is dropped whole, however long.
    #expect(decode("\u{1B}[" + String(repeating: "1", count: 10_000) + "A\u{1B}[D") == [.unknown, .left])
    // Non-ASCII text is not a key.
    #expect(decode("é→\u{1B}[A") == [.up])
    var decoder = TerminalKeyDecoder()
    var state = UInt64(12345)
    var bytes: [UInt8] = []
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes.append(UInt8(truncatingIfNeeded: state >> 33))
    }
    _ = decoder.receive(bytes, at: 0)
    _ = decoder.expire(at: 1000)
    #expect(decoder.state == .ground)
    #expect(decoder.receive(Array("\u{1B}[6~".utf8), at: 1001) == [.pageDown])
  }

  @Test func keysBecomeGestures() {
    #expect(VirtualGesture(key: .right) == .detents(1))
    #expect(VirtualGesture(key: .down) == .detents(-1))
    #expect(VirtualGesture(key: .pageUp) == .detents(VirtualGesture.coarseDetents))
    #expect(VirtualGesture(key: .wheelDown) == .detents(-1))
    #expect(VirtualGesture(key: .end) == .posture(.flat))
    #expect(VirtualGesture(key: .character(UInt8(ascii: "2"))) == .posture(.halfOpen))
    #expect(VirtualGesture(key: .enter) == .button)
    #expect(VirtualGesture(key: .character(UInt8(ascii: "q"))) == .quit)
    #expect(VirtualGesture(key: .escape) == nil)
    #expect(VirtualGesture(key: .mouse) == nil)
  }
}
