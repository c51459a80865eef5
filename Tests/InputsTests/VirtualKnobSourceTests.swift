import EventStream
import Knob
import Platform
import Testing

@testable import Inputs

/// The virtual knob's live source: a terminal's bytes (a pipe here) and the page's gestures, held
/// for the frame and flushed before q stops the run. The clock runs at a thousandth of real
/// time, so every read here falls within one 33-ms frame however loaded the machine is.
@Suite struct VirtualKnobSourceTests {
  private func angles(_ events: [Event]) -> [Double] {
    events.compactMap { if case .sample(let a) = $0.kind { a } else { nil } }
  }

  private func write(_ fd: Int32, _ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { POSIX.writeAll(fd, $0) }
  }

  @Test func keysAndThePageTurnTheKnobAndQuitSendsWhatWasHeld() throws {
    let (read, write) = try ChildProcess.pipe().get()
    defer {
      POSIX.close(read)
      POSIX.close(write)
    }
    nonisolated(unsafe) var pageCalls = 0
    nonisolated(unsafe) var quits = 0
    var source = VirtualKnobSource(
      mapping: KnobMapping(lower: 0, upper: 180), terminal: read,
      pull: {
        pageCalls += 1
        return pageCalls == 1 ? [.posture(.halfOpen)] : [.detents(50)]
      }, warn: { _ in }, quit: { quits += 1 })
    let clock = LiveClock(speed: 0.001)
    #expect(source.fileDescriptor == read)

    // The starting angle, → from the terminal, then the page's posture: one report, in order.
    self.write(write, "\u{1B}[C")
    #expect(angles(try source.readAvailable(clock: clock)) == [0, 7.5, 90])
    // Within the frame: a split sequence and two more detents wait.
    self.write(write, "\u{1B}[")
    #expect(angles(try source.readAvailable(clock: clock)) == [])
    self.write(write, "C\u{1B}[C")
    #expect(angles(try source.readAvailable(clock: clock)) == [])
    #expect(source.nextWake != nil)
    // q: the held detents go out first, then the run is asked to stop; nothing after counts.
    self.write(write, "q\u{1B}[C")
    #expect(angles(try source.readAvailable(clock: clock)) == [105])
    #expect(quits == 1)
    #expect(pageCalls == 1)  // the page is asked once a frame
    #expect(angles(try source.readAvailable(clock: clock)) == [])
  }

  @Test func theTerminalClosingStopsTheRun() throws {
    let (read, write) = try ChildProcess.pipe().get()
    defer { POSIX.close(read) }
    nonisolated(unsafe) var quits = 0
    var source = VirtualKnobSource(
      mapping: KnobMapping(lower: 0, upper: 180), terminal: read, warn: { _ in }, quit: { quits += 1 })
    self.write(write, "\u{1B}[C")
    POSIX.close(write)
    #expect(angles(try source.readAvailable(clock: LiveClock(speed: 0.001))) == [0, 7.5])
    #expect(quits == 1)
    #expect(source.fileDescriptor == -1)
  }
}
