import EventStream
import Simulator

/// The PDF reader's work on its main thread: the rules (`FixedLayoutStateMachine`) and the
/// page frames it lays out for each settled size, cached by their key (a hit costs nothing). A
/// settle is answered `paginated` then `shown` after the frames' charge, or `skipped`
/// (`unchanged`, `fixedLayout` when only the text size changed); a `regions` change in which
/// only the fold on screen turned active or flat moves a spread's frames one display frame
/// later (`redrawMs`, the profile's display frame).
struct FixedLayoutReading: MainThreadWork {
  var rules: FixedLayoutStateMachine
  /// What laying out page frames is charged.
  let model: ComputeModel
  /// One display frame, ms (`FixedLayoutReader.redrawMs`).
  let redrawMs: Double
  private var layouts: [FixedPageLayout.Key: FixedPageLayout] = [:]

  init(rules: FixedLayoutStateMachine, model: ComputeModel, redrawMs: Double) {
    self.rules = rules
    self.model = model
    self.redrawMs = redrawMs
  }

  func handles(_ kind: EventKind) -> Bool {
    switch kind {
    case .settled, .turn, .goto, .regions: true
    default: false
    }
  }

  mutating func handle(_ event: Event, now: Double, into output: inout [Event]) -> MainThreadJob? {
    switch event.kind {
    case .settled(let settled):
      let request = rules.request(for: settled)
      if let reason = rules.keepsScreen(for: request) {
        output.append(skipped(request, settledAt: event.time, reason: reason, now: now))
        return nil
      }
      let (layout, ms, cache) = layOut(request.key)
      let done = StreamTime.adding(ms, to: now)
      let paginated = Paginated(
        pageWidth: request.geometry.pageWidth, pageHeight: request.geometry.pageHeight, textSize: request.textSize,
        pageCount: rules.document.pageCount, ms: ms, cache: cache, characters: 0, settled: event.time,
        queuedMs: StreamTime.elapsed(from: event.time, to: now), computeClock: model.name)
      var events: [Event] = []
      rules.laidOut(layout, for: request, paginated: paginated, cause: event, at: done, into: &events)
      return MainThreadJob(events: events, done: done)
    case .regions(let change):
      // Not a settle: the fold on screen turned active or flat, and a spread's frames move with
      // it on the next display frame (the layout is not charged: the timing stage times settles).
      guard let request = rules.request(forFold: change.division) else { return nil }
      let (layout, _, _) = layOut(request.key)
      var events: [Event] = []
      let done = StreamTime.adding(redrawMs, to: now)
      rules.refolded(layout, for: request, cause: event, at: done, into: &events)
      return events.isEmpty ? nil : MainThreadJob(events: events, done: done)
    case .turn(let direction, _): rules.turned(direction, cause: event, at: now, into: &output)
    case .goto(let page): rules.wentTo(page, cause: event, at: now, into: &output)
    default: preconditionFailure("the fixed-layout reader handles settled, regions, turn and goto, not \(event.kind)")
    }
    return nil
  }

  mutating func supersede(_ event: Event, now: Double, into output: inout [Event]) {
    guard case .settled(let settled) = event.kind else { preconditionFailure("only a settle is superseded") }
    output.append(skipped(rules.request(for: settled), settledAt: event.time, reason: .superseded, now: now))
  }

  /// The frames for `key`, what they were charged, and whether they were laid out now.
  private mutating func layOut(_ key: FixedPageLayout.Key) -> (FixedPageLayout, Double, CacheOutcome) {
    if let found = layouts[key] { return (found, 0, .hit) }
    let document = rules.document
    let (layout, ms) = model.charge { FixedPageLayout(key: key, document: document) }
    layouts[key] = layout
    return (layout, ms, .miss)
  }

  private func skipped(
    _ request: FixedLayoutStateMachine.Request, settledAt settled: Double, reason: SkipReason, now: Double
  ) -> Event {
    skippedEvent(
      settledAt: settled, reason: reason, pageWidth: request.geometry.pageWidth,
      pageHeight: request.geometry.pageHeight, textSize: request.textSize, now: now)
  }
}
