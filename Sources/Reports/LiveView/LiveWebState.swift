import EventStream
import Simulator
import Timing

/// The live view's state as one JSON object for the knob's demo page (`web/demo/`): the pose,
/// the hinge, the reader frame and fold, the pages on screen with their real lines, the settle
/// countdown and the last timing record. Updated from stream events like the terminal view and
/// handed out at most 30 times a second, only when something changed.
///
/// ```swift
/// let state = LiveWebState(profile: profile, pages: pageText) { size in
///   document.style(for: size).map { ($0.pointSize, $0.lineHeight + $0.lineSpacing, $0.advanceScale) }
/// }
/// state.receive(event)
/// if let json = state.take(now: clock.now) { try page.evaluate("hingesimDemo.update(\(json))") }
/// ```
public final class LiveWebState {
  private var model: LiveViewModel
  private let pages: (any PageTextProvider)?
  private let settleWindowMs: Double
  private let textStyle: (TextSize) -> (pointSize: Double, lineAdvance: Double, advanceScale: Double)?
  private var sentVersion = -1
  private var lastSent = -Double.infinity
  private var lastSceneTime: Double?
  private var settledSinceScene = true
  /// The shortest time between two updates, ms of stream time.
  public var intervalMs = 1000.0 / 30
  /// The virtual knob's controls on the page (`controls`: what the knob's button does, the
  /// degrees of one detent, the postures' angles); nil when a device or a replay drives it and
  /// the page only watches.
  public var controls: (buttonAction: String, detentDegrees: Double, postures: [(String, Double)])?

  /// A state for `profile`'s gauge and settle window, with the reader's page lines and the
  /// type they were laid out in (point size, line advance, advance scale per text size), so the
  /// page draws each line as wide as the reader measured it.
  public init(
    profile: Profile, pages: (any PageTextProvider)?,
    textStyle: @escaping (TextSize) -> (pointSize: Double, lineAdvance: Double, advanceScale: Double)?
  ) {
    model = LiveViewModel(profile: profile)
    self.pages = pages
    settleWindowMs = profile.settleWindowMs
    self.textStyle = textStyle
  }

  /// The time of the last event taken, ms.
  public var lastTime: Double { model.time }

  /// Takes one stream event.
  public func receive(_ event: Event) {
    model.update(event)
    switch event.kind {
    case .scene:
      lastSceneTime = event.time
      settledSinceScene = false
    case .settled: settledSinceScene = true
    default: break
    }
  }

  /// The state as JSON when it changed and the interval has passed (or while a settle counts
  /// down, so the countdown moves), else nil.
  public func take(now: Double) -> String? {
    let counting = !settledSinceScene
    guard now - lastSent >= intervalMs, model.version != sentVersion || counting else { return nil }
    sentVersion = model.version
    lastSent = now
    return json(now: now)
  }

  /// The state now, as JSON.
  public func json(now: Double) -> String {
    var w = JSONObjectWriter()
    w.field("time", now)
    if let angle = model.angle { w.field("angle", angle) } else { w.null("angle") }
    w.field("status", model.status.rawValue)
    w.field("pose", model.pose.rawValue)
    w.field("orientation", model.orientation.rawValue)
    w.field("display", model.display.rawValue)
    w.field("inBurst", model.inBurst)
    w.field("textSize", model.textSize.rawValue)
    if let style = textStyle(model.textSize) {
      w.field("pointSize", style.pointSize)
      w.field("lineAdvance", style.lineAdvance)
      w.field("advanceScale", style.advanceScale)
    }
    w.field("range", [model.range.lowerBound, model.range.upperBound])
    if let controls {
      w.openObject("controls")
      w.field("buttonAction", controls.buttonAction)
      w.field("detentDegrees", controls.detentDegrees)
      w.openObject("postures")
      for (name, degrees) in controls.postures { w.field(name, degrees) }
      w.close()
      w.close()
    }
    if let frame = model.frame {
      w.openObject("frame")
      w.field("width", frame.width)
      w.field("height", frame.height)
      w.close()
    }
    if let division = model.division {
      w.openObject("fold")
      EventWriter.rect(division.frame, into: &w)
      w.field("active", division.isActive)
      w.close()
    }
    w.openObject("settle")
    w.field("windowMs", settleWindowMs)
    if !settledSinceScene, let last = lastSceneTime {
      w.field("remainingMs", max(0, settleWindowMs - (now - last)))
    } else {
      w.null("remainingMs")
    }
    w.close()
    if let shown = model.shown {
      w.openObject("shown")
      w.field("layout", shown.layout.rawValue)
      w.field("pageCount", shown.pageCount)
      w.field("offset", shown.offset)
      w.openArray("pages")
      for (i, page) in shown.pages.enumerated() {
        w.openElement()
        w.field("index", page)
        if i < shown.frames.count { EventWriter.rect(shown.frames[i], into: &w) }
        w.openArray("lines")
        for line in pages?.lines(page: page) ?? [] {
          var e: [UInt8] = []
          JSONObjectWriter.appendString(line, to: &e)
          w.rawElement(e)
        }
        w.closeArray()
        w.close()
      }
      w.closeArray()
      w.close()
    }
    if let timing = model.lastTiming {
      w.openObject("timing")
      w.field("cause", timing.cause.description)
      w.field("lastSizeToShownMs", timing.lastSizeToShown)
      w.field("causeToShownMs", timing.causeToShown)
      w.field("paginationMs", timing.paginationMs)
      w.close()
    }
    w.close()
    return String(decoding: w.bytes, as: UTF8.self)
  }

}
