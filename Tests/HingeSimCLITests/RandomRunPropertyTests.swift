import EventStream
import TestSupport
import Testing

@testable import HingeSimCLI

/// Random valid scripts over random texts (emoji, flags, combining marks, right-to-left letters,
/// long words, space runs) through `run`: the reader keeps every invariant, the run ends well,
/// and the work grows linearly with the script.
@Suite("Random runs keep the reader's rules")
struct RandomRunPropertyTests {
  /// SplitMix64: a small seeded generator, so every failure replays.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
  }

  /// A valid script of `steps` random commands that keeps track of the hinge angle so every
  /// `open to` goes up and every `fold to` goes down.
  static func script(_ g: inout Generator, steps: Int) -> String {
    var angle = 0
    var lines = ["start closed \(g.pick(["portrait", "landscapeLeft"]))"]
    for _ in 0..<steps {
      switch g.int(0...9) {
      case 0, 1:
        let to = g.int(angle...180)
        lines.append("open to \(to) over \(g.int(0...600))ms")
        angle = to
      case 2:
        let to = g.int(0...angle)
        lines.append("fold to \(to) over \(g.int(0...600))ms")
        angle = to
      case 3: lines.append("rotate \(g.pick(["portrait", "landscapeLeft", "landscapeRight", "faceUp"]))")
      case 4: lines.append("text-size \(g.pick(["xSmall", "large", "AX3", "AX5"]))")
      case 5: lines.append("turn \(g.pick(["next", "prev", "NEXT"]))")
      case 6: lines.append("goto \(g.int(0...5000))")
      case 7: lines.append("split \(g.pick(["left", "right", "off"]))")
      case 8: lines.append("wait \(g.int(0...400))ms")
      default:
        let to = g.int(0...180)
        lines.append("\(to >= angle ? "open" : "fold") to \(to) over 100ms")
        angle = to
      }
    }
    lines.append("wait 500ms")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A text of random paragraphs mixing the characters that have broken layouts before.
  static func text(_ g: inout Generator, paragraphs: Int) -> String {
    let pieces = [
      "Lorem ipsum dolor sit amet,", "I ❤ France 🇫🇷.", "🇯🇵🇺🇸🇩🇪", "👨‍👩‍👧 family", "e\u{301}\u{302}\u{303}",
      "שלום עולם", "مرحبا بالعالم", "Supercalifragilisticexpialidocious" + String(repeating: "x", count: 300),
      String(repeating: " ", count: 400), "[[[[[[[[[[ש", "\t", "hyphenation-compound—dash", "日本語のテキスト",
    ]
    return (0..<paragraphs).map { _ in
      (0..<g.int(1...8)).map { _ in g.pick(pieces) }.joined(separator: " ")
    }.joined(separator: "\n")
  }

  @Test("30 random scripts over random texts: no violation, exit 0", arguments: 0..<30)
  func randomRun(seed: Int) throws {
    var g = Generator(state: UInt64(seed) &* 7919)
    let script = TestSupport.temporaryFile(Self.script(&g, steps: 25), suffix: ".hinge")
    let text = TestSupport.temporaryFile(Self.text(&g, paragraphs: 12), suffix: ".txt")
    let r = CLIHarness.run(["run", script, "--text", text, "--json", "--compute-ms", "1"])
    #expect(r.code == 0, "seed \(seed): \(r.stderr)")
    #expect(!r.stdout.contains(#""type":"violation""#), "seed \(seed): a reader rule was broken")
    #expect(r.stdout.contains(#""type":"shown""#), "seed \(seed): nothing was shown")
  }

  @Test("the events a script makes grow linearly with its length (repeats and nesting included)")
  func linearInTheScript() throws {
    func events(_ steps: Int) -> Int {
      var g = Generator(state: 42)
      // The body ends where it began (closed), so every repetition is a valid script again.
      let body =
        Self.script(&g, steps: steps).split(separator: "\n").dropFirst().joined(separator: "; ")
        + "; fold to 0 over 100ms"
      let nested =
        "start closed portrait\n" + String(repeating: "repeat 2 { ", count: 4) + body
        + String(repeating: " }", count: 4) + "\n"
      let path = TestSupport.temporaryFile(nested, suffix: ".hinge")
      let r = CLIHarness.run(["simulate", path])
      #expect(r.code == 0, "\(r.stderr)")
      return r.stdout.split(separator: "\n").count
    }
    let small = events(40)
    let large = events(80)
    #expect(small > 0)
    #expect(Double(large) <= 2.6 * Double(small), "\(small) events for 40 steps, \(large) for 80")
  }
}
