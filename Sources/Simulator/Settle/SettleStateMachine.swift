import EventStream
/// The layout key the reader paginates for: scene size, text size and the fold's frame
/// (active or not — `isActive` alone is not part of it).
public struct LayoutKey: Hashable, Sendable {
  /// Reader width.
  public var width: Double
  /// Reader height.
  public var height: Double
  /// Dynamic Type size.
  public var textSize: TextSize
  /// The fold's frame, if any.
  public var divisionFrame: Rect?
}

/// The settle stage: a trailing debounce over the layout key.
///
/// Each new key moves the deadline to `now + window`; at the deadline one `settled` is
/// emitted with the last key and the number of scene sizes since the previous settle. Same
/// semantics as `task(id:)` cancelling its wait and as swift-async-algorithms' `debounce`:
/// trailing edge only; `flush` (the source cut short) emits a pending key at once. A settle
/// whose key equals the previously settled one is reported with `changed: false`.
///
/// ```swift
/// var settle = SettleStateMachine(windowMs: 200)
/// // scene at 0, 33, 67 … 200 → settled at 400 with sizes 7
/// ```
public struct SettleStateMachine: Stage {
  /// The quiet time that settles a key, ms.
  public let windowMs: Double
  private var width: Double?
  private var height: Double = 0
  private var textSize: TextSize
  private var division: Division?
  private var sizes = 0
  private var due: Double?
  private var lastSettled: LayoutKey?

  /// Makes the stage with a window and the starting text size.
  public init(windowMs: Double, textSize: TextSize = .large) {
    self.windowMs = windowMs
    self.textSize = textSize
  }

  public var deadline: Double? { due }

  private var key: LayoutKey? {
    guard let width else { return nil }
    return LayoutKey(width: width, height: height, textSize: textSize, divisionFrame: division?.frame)
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    let before = key
    switch event.kind {
    case .scene(let s):
      width = s.width
      height = s.height
      sizes += 1
    case .textSize(let size):
      textSize = size
    case .regions(let r):
      division = r.division
    default:
      return
    }
    if case .scene = event.kind {
      due = event.time + windowMs  // every size restarts the wait, even a repeated one
    } else if key != before, key != nil {
      due = event.time + windowMs
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard let due, now >= due else { return }
    emit(at: now, into: &output)
  }

  public mutating func flush(at now: Double, into output: inout [Event]) {
    guard due != nil else { return }
    emit(at: now, into: &output)
  }

  private mutating func emit(at now: Double, into output: inout [Event]) {
    due = nil
    guard let key else { return }
    output.append(
      Event(
        time: now,
        .settled(
          Settled(
            width: key.width, height: key.height, textSize: key.textSize, division: division,
            sizes: sizes, changed: key != lastSettled))))
    lastSettled = key
    sizes = 0
  }
}
