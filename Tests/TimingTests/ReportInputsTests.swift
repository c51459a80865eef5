import Testing

@testable import EventStream
@testable import Timing

/// What a report says it measured: written and read back whole, and compared field by field so
/// `report --compare` can refuse reports of different inputs.
@Suite("Report inputs")
struct ReportInputsTests {
  static let inputs = ReportInputs(
    profile: .init(name: "iphone-duo", hash: "e8e424b630d42476"),
    text: .init(name: "texts/sample-chapter.txt", utf16Length: 49_990, hash: "ffd7e32a8e84e2fe"),
    offset: 120, settleWindowMs: 200, computeModel: "thread-cpu", prepaginate: false, clock: .virtual, speed: 1,
    fromMs: nil, toMs: 8000,
    sources: [
      .init(path: "traces/default.hinge", hash: "f3a2d450a7b716d2"),
      .init(path: "traces/open-wide.jsonl", hash: "b669ea50a82d7d84"),
    ])
  static let producer = ReportProducer(version: "0.3.0", cores: 2, operatingSystem: "Linux 6.8.0 x86_64")

  static func record(_ cause: String, cache: CacheOutcome = .miss) -> TimingRecord {
    TimingRecord(
      cycle: SettleCycle(
        cause: SettleCause(name: cause)!, causeTime: 0, firstChange: 50, lastChange: 100, firstSize: 50,
        lastSize: 100), sizes: 7, settled: 300,
      paginationMs: 10, cache: cache, pageCount: 48, characters: 44_500, shown: cache == .superseded ? nil : 310)
  }

  @Test("a report with its producer, inputs and violations reads back equal")
  func roundTrip() throws {
    let violations = [
      ViolationSummary(
        source: "traces/open-wide.hinge", rule: "fold-clear", count: 2, firstMs: 1245.5,
        firstMessage: "page 1 line 2 crosses the fold at x 455.5, y 10")
    ]
    var inputs = Self.inputs
    inputs.sources.append(.init(path: "-", hash: nil))
    let report = LatencyReport(
      records: [Self.record("rotation"), Self.record("rotation", cache: .superseded)], producer: Self.producer,
      inputs: inputs, violations: violations)
    let json = report.json()
    let back = try LatencyReport(json: Array(json.utf8))
    #expect(back == report)
    // Every field survives, the optional ones included: a null hash stays null, not "".
    #expect(back.inputs?.sources[2].hash == nil)
    #expect(back.inputs?.toMs == 8000)
    #expect(back.inputs?.fromMs == nil)
    #expect(json.hasPrefix(#"{"format":"hingesim-latency-report","version":2,"unit":"ms","hingesim":{"#))
  }

  @Test("a report made from records alone says nothing of its inputs, and reads back so")
  func withoutInputs() throws {
    let back = try LatencyReport(json: Array(LatencyReport(records: [Self.record("split")]).json().utf8))
    #expect(back.inputs == nil)
    #expect(back.producer == nil)
  }

  @Test("the same inputs have no differences and no notes")
  func same() {
    #expect(ReportInputs.differences(base: Self.inputs, new: Self.inputs).isEmpty)
    #expect(ReportInputs.notes(base: Self.inputs, new: Self.inputs).isEmpty)
  }

  /// One measured input changed.
  enum Change: CaseIterable, Sendable {
    case computeModel, settleWindow, offset, prepaginate, clock, window, profile

    func apply(to i: inout ReportInputs) {
      switch self {
      case .computeModel: i.computeModel = "fixed:5"
      case .settleWindow: i.settleWindowMs = 150
      case .offset: i.offset = 0
      case .prepaginate: i.prepaginate = true
      case .clock:
        i.clock = .realtime
        i.speed = 2
      case .window: i.toMs = nil
      case .profile: i.profile.hash = "0000000000000001"
      }
    }

    var expected: String {
      switch self {
      case .computeModel: "compute model: base thread-cpu, new fixed:5"
      case .settleWindow: "settle window: base 200 ms, new 150 ms"
      case .offset: "offset: base 120, new 0"
      case .prepaginate: "prepaginate: base off, new on"
      case .clock: "clock: base virtual time, new real time at speed 2"
      case .window: "window (--from/--to): base 0–8000 ms, new whole sources"
      case .profile: "profile: base iphone-duo (hash e8e424b630d42476), new iphone-duo (hash 0000000000000001)"
      }
    }
  }

  @Test("each measured input that differs is one line, named", arguments: Change.allCases)
  func oneDifference(_ change: Change) {
    var new = Self.inputs
    change.apply(to: &new)
    #expect(ReportInputs.differences(base: Self.inputs, new: new) == [change.expected])
  }

  @Test("a text of another length or content differs; one under another name is only noted")
  func text() {
    var renamed = Self.inputs
    renamed.text.name = "/home/me/chapter.txt"
    #expect(ReportInputs.differences(base: Self.inputs, new: renamed).isEmpty)
    #expect(
      ReportInputs.notes(base: Self.inputs, new: renamed)
        == ["text name: base texts/sample-chapter.txt, new /home/me/chapter.txt (same content)"])
    var shorter = Self.inputs
    shorter.text.utf16Length = 100
    #expect(ReportInputs.differences(base: Self.inputs, new: shorter).first?.hasPrefix("text: base ") == true)
  }

  @Test("sources are matched by content, not by path or order")
  func sourcesByContent() {
    var moved = Self.inputs
    moved.sources = [
      .init(path: "/checkout/traces/open-wide.jsonl", hash: "b669ea50a82d7d84"),
      .init(path: "/checkout/traces/default.hinge", hash: "f3a2d450a7b716d2"),
    ]
    #expect(ReportInputs.differences(base: Self.inputs, new: moved).isEmpty)
    #expect(
      ReportInputs.notes(base: Self.inputs, new: moved)
        == [
          "source paths differ, contents are the same (first: base traces/default.hinge, new /checkout/traces/open-wide.jsonl)"
        ])
  }

  @Test("sources: counts, changed contents and sources on one side are listed")
  func sourceDifferences() {
    var base = Self.inputs
    base.sources = (1...18).map {
      .init(path: "traces/s\($0).hinge", hash: String(repeating: "0", count: 14) + "\($0 + 10)")
    }
    var new = Self.inputs
    new.sources = [.init(path: "traces/s1.hinge", hash: "ffffffffffffffff")]
    let lines = ReportInputs.differences(base: base, new: new)
    #expect(lines[0] == "sources: base has 18, new has 1")
    #expect(
      lines[1] == "sources with other content: traces/s1.hinge (base hash 0000000000000011, new hash ffffffffffffffff)")
    #expect(lines[2].hasPrefix("sources only in base: traces/s2.hinge, traces/s3.hinge, "))
    #expect(lines[2].hasSuffix(", … 12 more"))  // 17 only in base, 5 named
    #expect(lines.count == 3)
  }

  @Test("a source that was not hashed matches nothing, not even itself")
  func unhashed() {
    var inputs = Self.inputs
    inputs.sources.append(.init(path: "-", hash: nil))
    // Stdin cut short by --to: its content is unknown, so nothing says the two runs read the same.
    #expect(
      ReportInputs.differences(base: inputs, new: inputs)
        == ["sources of unknown content (not read to their end): base -, new -"])
  }

  @Test("a different version or host is a note, never a difference")
  func producerNotes() {
    let newer = ReportProducer(version: "0.4.0", cores: 8, operatingSystem: "Linux 6.8.0 x86_64")
    #expect(
      ReportProducer.notes(base: Self.producer, new: newer)
        == ["hingesim version: base 0.3.0, new 0.4.0", "host cores: base 2, new 8"])
  }
}
