/// Turns the bytes a terminal sends in raw mode into keys and mouse-wheel reports: a pure state
/// machine (bytes + now → keys, plus a deadline), so a sequence split across reads decodes the
/// same as one read in one piece, and garbage never gets it stuck.
///
/// A lone `ESC` is ambiguous — the Escape key, or the start of a sequence whose rest has not
/// arrived yet. The decoder waits: `deadline` is `escapeTimeoutMs` after the `ESC`, and the caller
/// calls `expire(at:)` once it has passed *and no more input is waiting* (then it was the Escape
/// key; a cut-off sequence is `.unknown`).
///
/// ```swift
/// var decoder = TerminalKeyDecoder()
/// decoder.receive(Array("\u{1B}[".utf8), at: 0)        // []  (waiting for the rest)
/// decoder.receive(Array("A\u{1B}[<64;10;5M".utf8), at: 1) // [.up, .wheelUp]
/// ```
public struct TerminalKeyDecoder: Sendable {
  /// Where the decoder is within a sequence.
  enum State: Sendable, Equatable {
    /// Between sequences.
    case ground
    /// After an `ESC` received at `since`.
    case escape(since: Double)
    /// After `ESC [`: the parameter and intermediate bytes so far (at most `maximumParameters`;
    /// `overflowed` when more came, and the sequence will be `.unknown`).
    case csi(since: Double, parameters: [UInt8], overflowed: Bool)
    /// After `ESC O` (SS3, application cursor keys).
    case ss3(since: Double)
    /// After `ESC [ M` (an X10 mouse report): the raw bytes so far, three in all.
    case x10Mouse(since: Double, bytes: [UInt8])
  }

  /// How long a lone `ESC` waits for the rest of a sequence, ms.
  public static let escapeTimeoutMs = 50.0
  /// The most parameter bytes a CSI sequence keeps (an SGR mouse report needs 13).
  static let maximumParameters = 32

  private(set) var state = State.ground

  /// A decoder between sequences.
  public init() {}

  /// When a pending sequence should be given up (`expire(at:)`), nil between sequences.
  public var deadline: Double? {
    switch state {
    case .ground: nil
    case .escape(let since), .csi(let since, _, _), .ss3(let since), .x10Mouse(let since, _):
      since + Self.escapeTimeoutMs
    }
  }

  /// Decodes bytes read at `now` (ms); returns the keys they complete, in order.
  public mutating func receive(_ bytes: some Sequence<UInt8>, at now: Double) -> [TerminalKey] {
    var keys: [TerminalKey] = []
    for byte in bytes { step(byte, at: now, into: &keys) }
    return keys
  }

  /// Ends a pending sequence whose rest never came (call once `deadline` has passed and no
  /// input is waiting): a lone `ESC` is the Escape key, a cut-off sequence `.unknown`.
  public mutating func expire(at now: Double) -> [TerminalKey] {
    guard let deadline, now >= deadline else { return [] }
    defer { state = .ground }
    if case .escape = state { return [.escape] }
    return [.unknown]
  }

  private mutating func step(_ byte: UInt8, at now: Double, into keys: inout [TerminalKey]) {
    switch state {
    case .ground:
      ground(byte, at: now, into: &keys)
    case .escape:
      switch byte {
      case UInt8(ascii: "["): state = .csi(since: now, parameters: [], overflowed: false)
      case UInt8(ascii: "O"): state = .ss3(since: now)
      default:
        // Escape then another key (or Alt+key): the Escape key, then that byte as it is.
        keys.append(.escape)
        state = .ground
        ground(byte, at: now, into: &keys)
      }
    case .csi(let since, var parameters, var overflowed):
      switch byte {
      case 0x20...0x3F:
        if parameters.count < Self.maximumParameters { parameters.append(byte) } else { overflowed = true }
        state = .csi(since: since, parameters: parameters, overflowed: overflowed)
      case UInt8(ascii: "M") where parameters.isEmpty:
        state = .x10Mouse(since: since, bytes: [])
      case 0x40...0x7E:
        state = .ground
        keys.append(overflowed ? .unknown : Self.csiKey(parameters, final: byte))
      default:
        // Not part of a CSI sequence (a control byte, a new ESC, UTF-8): the sequence was
        // garbage; the byte starts over.
        keys.append(.unknown)
        state = .ground
        ground(byte, at: now, into: &keys)
      }
    case .ss3:
      state = .ground
      keys.append(Self.cursorKey(byte) ?? .unknown)
    case .x10Mouse(let since, var bytes):
      bytes.append(byte)
      guard bytes.count == 3 else {
        state = .x10Mouse(since: since, bytes: bytes)
        return
      }
      state = .ground
      keys.append(Self.mouseKey(button: Int(bytes[0]) - 32, pressed: true))
    }
  }

  private mutating func ground(_ byte: UInt8, at now: Double, into keys: inout [TerminalKey]) {
    switch byte {
    case 0x1B: state = .escape(since: now)
    case 0x0D, 0x0A: keys.append(.enter)
    case 0x20: keys.append(.space)
    case 0x21...0x7E: keys.append(.character(byte))
    case 0x00...0x1F, 0x7F: keys.append(.control(byte))
    default: break  // the rest of a UTF-8 character: text, not a key the knob knows
    }
  }

  /// The key a cursor-key final byte names (`A` up … `D` left, `H` home, `F` end).
  private static func cursorKey(_ final: UInt8) -> TerminalKey? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  /// A complete `ESC [ parameters final` sequence.
  private static func csiKey(_ parameters: [UInt8], final: UInt8) -> TerminalKey {
    if parameters.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      // SGR mouse: `< button ; column ; row`, M pressed, m released.
      let fields = parameters.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      guard fields.count == 3, let button = number(fields[0]), number(fields[1]) != nil, number(fields[2]) != nil
      else { return .unknown }
      return mouseKey(button: button, pressed: final == UInt8(ascii: "M"))
    }
    if final == UInt8(ascii: "~") {
      let first = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).first
      switch first.flatMap(number) {
      case 1, 7: return .home
      case 4, 8: return .end
      case 5: return .pageUp
      case 6: return .pageDown
      default: return .unknown
      }
    }
    // Cursor keys, with modifiers (`ESC [ 1 ; 5 C`) or without.
    guard parameters.allSatisfy({ (0x30...0x3B).contains($0) }) else { return .unknown }
    return cursorKey(final) ?? .unknown
  }

  /// A mouse report's button code: 64 and 65 (plus modifier bits 4, 8, 16) are the wheel.
  private static func mouseKey(button: Int, pressed: Bool) -> TerminalKey {
    guard pressed, button >= 0, button & 64 != 0, button & 128 == 0 else { return .mouse }
    switch button & 3 {
    case 0: return .wheelUp
    case 1: return .wheelDown
    default: return .mouse  // the horizontal wheel
    }
  }

  /// A decimal field of at most 6 digits.
  private static func number(_ digits: some Collection<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }
}
