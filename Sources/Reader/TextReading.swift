import EventStream
import Simulator

/// The text reader's work on its main thread: the rules (`ReaderRules`) and what their
/// paginations are charged (`PaginationCharges`). A settle is answered `paginated` then `shown`
/// (work that takes the charged time), or `skipped` when the layout is the one on screen;
/// turns (a touch or VoiceOver's three-finger swipe alike), gotos, notes (Add to Notes and a
/// drag into them), selection and navigation change the screen at once.
struct TextReading: MainThreadWork {
  var rules: ReaderRules
  var charges: PaginationCharges

  func handles(_ kind: EventKind) -> Bool {
    switch kind {
    case .settled, .turn, .goto, .notes, .note, .select, .addToNotes, .dragToNotes, .navigation: true
    default: false
    }
  }

  mutating func saw(_ event: Event) { charges.opened(at: event.time) }

  mutating func handle(_ event: Event, now: Double, into output: inout [Event]) -> MainThreadJob? {
    switch event.kind {
    case .settled(let settled):
      let layout = rules.layout(for: settled)
      guard !rules.keepsScreen(for: layout) else {
        output.append(skipped(layout.key, settledAt: event.time, reason: .unchanged, now: now))
        return nil
      }
      let work = charges.paginate(layout.key, at: now)
      var events: [Event] = []
      let answer = ReaderRules.Answer(
        settled: event.time, queuedMs: StreamTime.elapsed(from: event.time, to: now),
        computeClock: charges.model.name)
      rules.paginated(
        work.pagination, for: layout, ms: work.ms, cache: work.cache, answer: answer, cause: event, at: work.done,
        into: &events)
      charges.prepaginate(textSize: layout.key.textSize, after: work.done)
      return MainThreadJob(events: events, done: work.done)
    case .turn(let direction, _): rules.turned(direction, cause: event, at: now, into: &output)
    case .goto(let target): rules.wentTo(target, cause: event, at: now, into: &output)
    case .notes(let action): rules.notesToggled(action, at: now, into: &output)
    case .note(let text): rules.noteEdited(text, at: now, into: &output)
    case .select(let offset, let length): rules.selected(offset: offset, length: length, at: now, into: &output)
    case .addToNotes: rules.addedToNotes(at: now, into: &output)
    case .dragToNotes(let passage): rules.draggedToNotes(passage, at: now, into: &output)
    case .navigation(let navigation): rules.navigated(navigation, cause: event, at: now, into: &output)
    default:
      preconditionFailure("the reader handles settled, turn, goto, notes, selection and navigation, not \(event.kind)")
    }
    return nil
  }

  mutating func supersede(_ event: Event, now: Double, into output: inout [Event]) {
    guard case .settled(let settled) = event.kind else { preconditionFailure("only a settle is superseded") }
    output.append(skipped(rules.layout(for: settled).key, settledAt: event.time, reason: .superseded, now: now))
  }

  private func skipped(_ key: PageKey, settledAt settled: Double, reason: SkipReason, now: Double) -> Event {
    skippedEvent(
      settledAt: settled, reason: reason, pageWidth: key.width, pageHeight: key.height, textSize: key.textSize,
      now: now)
  }
}

extension TextReading {
  /// The text reader paginating into `cache` (over its document), its place at `offset`.
  init(cache: PaginationCache, settings: ReaderSettings, offset: Int) {
    rules = ReaderRules(
      document: cache.document, insets: settings.profile.pages, offset: offset, direction: settings.direction)
    charges = PaginationCharges(
      cache: cache, model: settings.model,
      prepaginateSizes: settings.prepaginate ? PageGeometry.pageSizes(of: settings.profile) : nil)
  }
}

/// What every text reader of a run is made with besides its document and place.
struct ReaderSettings {
  var profile: Profile
  /// What a pagination is charged.
  var model: ComputeModel
  /// Paginate every pose's page size in the background.
  var prepaginate: Bool
  /// The order the pages run in.
  var direction: ReadingDirection
}
