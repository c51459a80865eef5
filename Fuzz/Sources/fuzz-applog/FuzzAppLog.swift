import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzAppLogOnce)
}

/// The app log (`check --app`, `report --app`): arbitrary bytes read by `AppLog.decode` against
/// the bundled sample chapter, then — when they decode — aligned with the simulator's run of
/// the default tour and checked, as `check --app` does. Checks what a decoded log promises:
/// times that never go backwards, offsets and ranges inside the text, pages inside their page
/// count; and that the aligned stream is in time order with every finding naming a line of
/// the log.
func fuzzAppLogOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let setup = AppLogSetup.shared
  let log: AppLog
  do {
    log = try AppLog.decode(Fuzz.bytes(data, size), file: "fuzz.jsonl", textLength: setup.length)
  } catch {
    Fuzz.require(error.line >= 1 && error.column >= 1, "an error without a place: \(error.description)")
    return 0
  }
  for entry in log.entries {
    Fuzz.require(entry.appTime.isFinite && entry.appTime >= 0, "a time outside 0…: \(entry.appTime)")
    if case .shown(let s) = entry.kind {
      Fuzz.require(s.offset >= 0 && s.offset <= setup.length, "an offset outside the text: \(s.offset)")
      Fuzz.require(
        s.ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= setup.length }, "a range outside the text")
      Fuzz.require(s.pages.allSatisfy { $0 < s.pageCount }, "a page beyond the page count")
      Fuzz.require(
        s.frames.count == s.pages.count && s.ranges.count == s.pages.count, "frames or ranges not one per page")
    }
  }
  Fuzz.require(zip(log.entries, log.entries.dropFirst()).allSatisfy { $0.appTime <= $1.appTime }, "times go backwards")
  let aligned = AppLogAlignment(
    log: log, stream: setup.stream, document: setup.document, insets: setup.profile.pages)
  Fuzz.require(
    zip(aligned.events, aligned.events.dropFirst()).allSatisfy { $0.time <= $1.time },
    "the aligned stream goes backwards")
  let lines = Set(log.entries.map(\.line))
  Fuzz.require(
    aligned.findings.allSatisfy { lines.contains($0.line) || log.entries.isEmpty }, "a finding names no line of the log"
  )
  return 0
}

/// The text, profile and simulator stream every input is aligned with, made once.
final class AppLogSetup: @unchecked Sendable {
  static let shared = AppLogSetup()
  let profile: Profile
  let document: ReaderDocument
  let length: Int
  let stream: [Event]

  private init() {
    do {
      profile = try Profile.load("iphone-duo", root: Fuzz.root)
      let text = String(
        decoding: try FileBytes.read(path: Fuzz.root + "/texts/sample-chapter.txt", limit: ReadLimits.defaults[.text]),
        as: UTF8.self)
      document = try ReaderDocument(text: text, profile: profile)
      length = document.utf16Count
      // Closed, opened flat over 0.7 s, folded to 110° (book), closed again; a text size and a turn.
      var inputs: [Event] = []
      for i in 0...70 { inputs.append(Event(time: 800 + Double(i) * 10, .sample(angle: Double(i) * 180 / 70))) }
      inputs.append(Event(time: 2000, .turn(.next)))
      for i in 0...50 { inputs.append(Event(time: 2500 + Double(i) * 10, .sample(angle: 180 - Double(i) * 70 / 50))) }
      inputs.append(Event(time: 3500, .textSize(.AX5)))
      for i in 0...60 { inputs.append(Event(time: 4500 + Double(i) * 10, .sample(angle: 110 - Double(i) * 110 / 60))) }
      var source = ArraySource(inputs)
      var pipeline = Pipeline(Pipeline.simulator(profile: profile, settleMs: nil))
      var events: [Event] = []
      try EventLoop.runVirtual(&pipeline, source: &source) { events.append($0) }
      stream = events
    } catch {
      fatalError("fuzz-applog set-up: \(error)")
    }
  }
}
