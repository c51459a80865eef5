import EventStream
import Platform
import Simulator
import Timing

/// Feeds the live view from the stream and redraws it at most 30 times a second, only when
/// something changed; without a terminal it prints one plain line per event instead.
public final class LiveView {
  /// The state shown.
  private(set) var model: LiveViewModel
  private let renderer: LiveViewRenderer
  private let terminal: LiveTerminal
  private let output: OutputFile
  private let plain: Bool
  private var drawnVersion = -1
  private var closed = false
  private var lastDraw = -Double.infinity
  /// The shortest time between two frames, ms (30 fps).
  static let frameInterval = 1000.0 / 30

  /// A view on `output` (stdout); `pages` supplies the page text. `keys`, the virtual knob's
  /// key help, is shown under the phone and turns on the terminal's mouse (wheel) reporting.
  public init(
    output: OutputFile, profile: Profile?, pages: (any PageTextProvider)?, title: String, keys: String? = nil
  ) {
    model = LiveViewModel(profile: profile)
    renderer = LiveViewRenderer(pages: pages, title: title, keys: keys)
    terminal = LiveTerminal(output: output, mouse: keys != nil)
    self.output = output
    plain = !terminal.isTerminal
    if !plain { terminal.begin() }
  }

  /// Takes one stream event.
  public func receive(_ event: Event) {
    model.update(event)
    if plain { output.line(EventText.line(event)) }
  }

  /// Redraws if something changed and a frame is due; returns the stream time it wants to be
  /// called again (a pending change), given the stream time `now` and the pace.
  public func tick(now: Double, speed: Double = 1) -> Double? {
    guard !plain, model.version != drawnVersion else { return nil }
    let real = MonotonicClock.nowMs()
    let wait = lastDraw + Self.frameInterval - real
    if wait > 0 { return now + wait * speed }
    draw()
    lastDraw = real
    return nil
  }

  /// Draws now (the last frame before the view closes).
  func draw() {
    guard !plain else { return }
    let size = terminal.size ?? (100, 32)
    terminal.draw(renderer.render(model, width: size.columns, height: size.rows))
    drawnVersion = model.version
  }

  /// Restores the terminal.
  public func close() {
    guard !closed else { return }
    closed = true
    if !plain {
      draw()
      terminal.end()
    }
    output.flush()
  }
}
