import EventStream
import Knob
import Platform

/// The virtual knob as a live source: keys and mouse-wheel reports from a terminal (decoded by
/// `TerminalKeyDecoder`) and gestures from the demo page (taken once a frame through `pull`)
/// become a hi-res wheel's evdev events (`VirtualKnob`), then stream inputs through the same
/// `KnobTranslator` and `KnobMapper` as a physical knob.
///
/// Inputs are stamped with the stream time they were read at. The first read hands out a
/// sample of the starting angle. `q` (or the terminal closing) sends the held inputs, then calls
/// `quit` — the caller stops the run.
public struct VirtualKnobSource: LiveSource {
  private let terminal: Int32
  private var terminalOpen: Bool
  private var decoder = TerminalKeyDecoder()
  private var knob: VirtualKnob
  private var translator: KnobTranslator
  private let pull: (() -> [VirtualGesture])?
  private var nextPull: Double?
  private let quit: () -> Void
  private var started = false
  private var quitting = false

  /// The most bytes one call reads from the terminal (a paste or a flood waits for the next call).
  static let readLimit = 65536

  /// A virtual knob over `mapping`, reading keys from `terminal` (a descriptor in raw mode, or
  /// -1 for none) and the page's gestures from `pull` (nil: no page); `quit` is called when the
  /// user asks to stop.
  public init(
    mapping: KnobMapping, terminal: Int32 = -1, pull: (() -> [VirtualGesture])? = nil,
    warn: @escaping (String) -> Void, quit: @escaping () -> Void
  ) {
    self.terminal = terminal
    terminalOpen = terminal >= 0
    knob = VirtualKnob(mapping: mapping)
    translator = KnobTranslator(mapper: VirtualKnob.mapper(mapping: mapping), warn: warn)
    self.pull = pull
    self.quit = quit
  }

  public var fileDescriptor: Int32 { terminalOpen ? terminal : -1 }
  public var nextWake: Double? { [decoder.deadline, knob.deadline, nextPull].compactMap { $0 }.min() }
  public var isFinished: Bool { false }

  public mutating func readAvailable(clock: LiveClock) throws(InputError) -> [Event] {
    let now = clock.now
    var events: [Event] = []
    if !started {
      started = true
      events.append(translator.initialSample(at: now))
    }
    guard !quitting else { return events }
    var gestures = readTerminal(at: now)
    if let pull, nextPull.map({ $0 <= now }) ?? true {
      gestures += pull()
      nextPull = now + VirtualKnob.frameMs
    }
    var inputs = knob.fire(at: now)
    if let stop = gestures.firstIndex(of: .quit) {
      inputs += knob.receive(Array(gestures[..<stop]), at: now)
      inputs += knob.flush(at: now)
      quitting = true
    } else {
      inputs += knob.receive(gestures, at: now)
    }
    for input in inputs { events += translator.events(for: input, at: input.time) }
    if quitting { quit() }
    return events
  }

  /// What the terminal sent since the last call, as gestures; a lone `ESC` whose time is up
  /// (and nothing after it waiting) is the Escape key.
  private mutating func readTerminal(at now: Double) -> [VirtualGesture] {
    guard terminalOpen else { return [] }
    var keys: [TerminalKey] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var total = 0
    while total < Self.readLimit, case .success(let ready) = POSIX.poll(terminal, timeout: 0),
      ready.readable || ready.hungUp
    {
      let result = buffer.withUnsafeMutableBytes { POSIX.read(terminal, into: $0) }
      guard case .success(let count) = result, count > 0 else {
        // The terminal went away (end of file, EIO after a hang-up): stop as if `q` was pressed.
        terminalOpen = false
        keys.append(.character(UInt8(ascii: "q")))
        break
      }
      total += count
      keys += decoder.receive(buffer[..<count], at: now)
    }
    if total == 0 { keys += decoder.expire(at: now) }
    return keys.compactMap(VirtualGesture.init(key:))
  }
}
