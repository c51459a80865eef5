import Glibc
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

/// `knob --virtual --view` in a real terminal: tmux runs the built binary in a pane, sends it
/// keys and mouse-wheel reports, and the test reads the pane, the terminal's modes and the files.
/// The live stream (`--stream`) must equal what the recording (`--record`) replays to, byte for
/// byte; the terminal must be as it was after `q`, Ctrl-C and SIGTERM.
@Suite(.serialized, .enabled(if: PathLookup.find("tmux") != nil, "needs tmux (apt-get install tmux)"))
struct VirtualKnobViewTests {
  static let binary = TestSupport.packageRoot + "/.build/debug/hingesim"

  /// A tmux server of its own (its own socket, no configuration) with one 100 × 34 pane running sh.
  final class Tmux {
    let socket = "hingesim-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    init() throws {
      try #require(run(["new-session", "-d", "-s", "t", "-x", "100", "-y", "34", "sh"]) != nil)
      // Type nothing before the shell's first prompt.
      _ = wait("the shell's prompt") { !screen.trimmingWhitespace.isEmpty }
    }

    /// Runs tmux with no signal blocked and default signal actions: the test runner's threads
    /// block signals, and a server (with its pane's shell) started with SIGHUP blocked outlives
    /// kill-server.
    @discardableResult
    func run(_ arguments: [String]) -> String? {
      let argv = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
      guard let child = PipedChild(argv, searchPath: true, defaultSignals: true) else { return nil }
      let bytes = child.readAll()
      guard child.wait() == 0 else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }

    func type(_ line: String) {
      run(["send-keys", "-t", "t", "-l", line])
      run(["send-keys", "-t", "t", "Enter"])
    }

    func keys(_ names: String...) { run(["send-keys", "-t", "t"] + names) }

    /// Raw bytes into the pane, as a terminal sends them (a mouse report).
    func bytes(_ text: String) {
      run(["send-keys", "-t", "t", "-H"] + text.utf8.map { String($0, radix: 16) })
    }

    var screen: String { run(["capture-pane", "-p", "-t", "t"]) ?? "" }

    /// `#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}`: "1 1 1" while the view runs.
    var modes: String {
      (run(["display-message", "-p", "-t", "t", "#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}"]) ?? "")
        .trimmingWhitespace
    }

    var panePID: pid_t? {
      run(["display-message", "-p", "-t", "t", "#{pane_pid}"]).flatMap { pid_t($0.trimmingWhitespace) }
    }

    /// Waits (up to 90 s: a loaded machine starts slowly) until `condition` holds.
    func wait(_ what: String, _ condition: () -> Bool) -> Bool {
      let deadline = MonotonicClock.nowMs() + 90_000
      while !condition() {
        guard MonotonicClock.nowMs() < deadline else {
          Issue.record("timed out waiting for \(what); the pane:\n\(screen)")
          return false
        }
        MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 50)
      }
      return true
    }

    /// `stty -g` of the pane's terminal, run from the shell between commands.
    func terminalSettings(_ mark: String) -> String? {
      type("echo \(mark)=$(stty -g)")
      guard wait("stty", { lineAfter(mark) != nil }) else { return nil }
      return lineAfter(mark)
    }

    private func lineAfter(_ mark: String) -> String? {
      for line in screen.split(separator: "\n") where line.hasPrefix("\(mark)=") {
        let value = line.dropFirst(mark.count + 1).trimmingWhitespace
        if !value.isEmpty { return value }
      }
      return nil
    }

    /// Ends the server and the pane with it (also on deinit).
    func kill() {
      guard !killed else { return }
      killed = true
      run(["kill-server"])
    }

    private var killed = false

    deinit { kill() }
  }

  static func temporary(_ name: String) -> String {
    "/tmp/hingesim-vknob-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
  }

  /// Starts the view in the pane and waits until it draws with mouse reporting on.
  static func start(_ tmux: Tmux, _ arguments: String) -> Bool {
    tmux.type("cd \(TestSupport.packageRoot) && \(binary) knob --virtual --view \(arguments); echo EXIT=$?")
    return tmux.wait("the view with mouse reporting on") {
      tmux.modes == "1 1 1" && tmux.screen.contains("virtual knob")
    }
  }

  /// The shell's `EXIT=N` line once the run has ended (the typed command line holds `EXIT=$?`,
  /// so only a line that starts with `EXIT=` and a digit counts).
  static func exitLine(_ tmux: Tmux) -> String? {
    func line() -> String? {
      tmux.screen.split(separator: "\n").last { $0.hasPrefix("EXIT=") && $0.dropFirst(5).first?.isNumber == true }
        .map { String($0).trimmingWhitespace }
    }
    guard tmux.wait("the run's end", { line() != nil }) else { return nil }
    return line()
  }

  @Test func keysAndTheWheelDriveTheViewAndTheRecordingReplaysToTheSameStream() throws {
    let tmux = try Tmux()
    defer { tmux.kill() }
    let before = try #require(tmux.terminalSettings("BEFORE"))
    let record = Self.temporary("record.jsonl")
    let stream = Self.temporary("stream.jsonl")
    defer {
      _ = POSIX.remove(record)
      _ = POSIX.remove(stream)
    }
    guard Self.start(tmux, "--record \(record) --stream \(stream) --compute-ms 1") else { return }
    // 3 + 6 (Page Up) + 2 wheel notches up − 1 notch down − 1 = 9 detents of 7.5°: 67.5°.
    tmux.keys("Right", "Right", "Right", "PageUp")
    tmux.bytes("\u{1B}[<64;20;5M\u{1B}[<64;20;5M")
    tmux.bytes("\u{1B}[<65;20;5M")
    tmux.keys("Left")
    tmux.keys("Enter")  // the button: rotate (the default action)
    #expect(tmux.wait("the view at 67.5°") { tmux.screen.contains("angle 67.5°") })
    tmux.keys("q")
    #expect(Self.exitLine(tmux) == "EXIT=0")
    #expect(tmux.modes == "0 0 0")  // the alternate screen left, mouse reporting off
    #expect(tmux.terminalSettings("AFTER") == before)  // echo, line editing, Ctrl-Z, Ctrl-\ back

    let live = readText(stream)
    let lines = live.split(separator: "\n")
    let angles = lines.filter { $0.contains(#""type":"hinge""#) }
    #expect(angles.last?.contains(#""angle":67.5,"#) == true, "\(angles.suffix(3))")
    #expect(lines.contains { $0.contains(#""type":"orientation","orientation":"landscapeLeft""#) })
    #expect(lines.last?.hasSuffix(#""type":"end","reason":"stopped"}"#) == true)
    let recording = readText(record)
    #expect(recording.split(separator: "\n").first?.hasSuffix(#""type":"hinge","angle":0}"#) == true)
    let replay = CLIHarness.run(["run", record, "--json", "--compute-ms", "1"])
    #expect(replay.code == 0, "\(replay.stderr)")
    #expect(replay.stdout == live)
    #expect(!live.isEmpty)
  }

  /// Ctrl-C (SIGINT through the terminal) and SIGTERM end the view with the terminal restored.
  @Test func ctrlCAndSIGTERMRestoreTheTerminal() throws {
    let tmux = try Tmux()
    defer { tmux.kill() }
    let before = try #require(tmux.terminalSettings("BEFORE"))
    // --degrees-per-step counts the virtual knob's detents (not its hi-res wheel's 120ths).
    guard Self.start(tmux, "--degrees-per-step 10") else { return }
    tmux.keys("Right")
    #expect(tmux.wait("one detent of 10°") { tmux.screen.contains("angle 10°") })
    tmux.keys("C-c")
    #expect(Self.exitLine(tmux) == "EXIT=0")  // Ctrl-C is how a live view ends
    #expect(tmux.modes == "0 0 0")
    #expect(tmux.terminalSettings("AFTER1") == before)

    tmux.type("clear")
    guard Self.start(tmux, "") else { return }
    let shell = try #require(tmux.panePID)
    let children = POSIX.readSmallFile("/proc/\(shell)/task/\(shell)/children") ?? ""
    let pid = try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
    kill(pid, SIGTERM)
    #expect(Self.exitLine(tmux) == "EXIT=143")
    #expect(tmux.modes == "0 0 0")
    #expect(tmux.terminalSettings("AFTER2") == before)
  }
}

/// The virtual knob's refusals: no terminal for the view's keys, no surface, a device too.
@Suite struct VirtualKnobRefusalTests {
  @Test func theViewWithoutATerminalOnStdinIsExit66() throws {
    let err = VirtualKnobViewTests.temporary("stderr.txt")
    defer { _ = POSIX.remove(err) }
    // stdin is /dev/null.
    let child = try ChildProcess.spawn(
      [VirtualKnobViewTests.binary, "knob", "--virtual", "--view"], descriptors: [:], stderrPath: err
    ).get()
    var status: Int32?
    while status == nil {
      status = child.exitStatus()
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 20)
    }
    #expect(status == 66)
    #expect(
      readText(err).contains("--virtual --view reads keys from the terminal on stdin, and stdin is not a terminal"))
  }

  @Test func aVirtualKnobNeedsASurfaceAndNoDevice() {
    let alone = CLIHarness.run(["knob", "--virtual"])
    #expect(alone.code == 64)
    #expect(alone.stderr.contains("--virtual needs a surface"))
    for extra in [
      ["--device", "/dev/input/event0"], ["--replay", "traces/knob-wheel.yml"], ["--grab"], ["--dir", "/tmp"],
    ] {
      #expect(CLIHarness.run(["knob", "--virtual", "--web"] + extra).code == 64, "\(extra)")
    }
    #expect(CLIHarness.run(["knob", "--replay", "traces/knob-wheel.yml", "--view", "--web"]).code == 64)
    #expect(CLIHarness.run(["knob", "--virtual", "--view", "--browser-url", "http://127.0.0.1:1"]).code == 64)
  }
}

extension StringProtocol {
  fileprivate var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
