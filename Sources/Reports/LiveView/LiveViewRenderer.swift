import EventStream
import Platform
import Simulator
import Timing

/// Draws the live view into a `ScreenBuffer`: the phone in its pose, the angle on a gauge,
/// status, pose, reader frame, notes and settle latency, the visible page(s) with the fold
/// gutter or the tabletop turn area, and the last events. Adapts to the buffer's size.
struct LiveViewRenderer {
  /// The page text (nil: pages are drawn empty).
  var pages: (any PageTextProvider)?
  /// The title on the first row.
  var title = "hingesim knob"
  /// The virtual knob's keys, on the rule under the phone (nil: a device or a replay).
  var keys: String?

  /// Draws the model into a fresh buffer of the given size.
  func render(_ model: LiveViewModel, width: Int, height: Int) -> ScreenBuffer {
    var screen = ScreenBuffer(width: width, height: height)
    guard width >= 20, height >= 8 else {
      screen.put("\(angleText(model)) \(model.status.rawValue) \(model.pose.rawValue)", x: 0, y: 0)
      return screen
    }
    screen.put("\(title) — t \(NumberFormat.ms((model.time * 10).rounded() / 10)) ms", x: 1, y: 0)
    let hint = keys == nil ? "Ctrl-C quits" : "q quits"
    if width > 50 { screen.put(hint, x: width - hint.count - 1, y: 0) }

    let (art, caption) = PhoneArt.drawing(for: model.pose)
    for (row, line) in art.enumerated() { screen.put(line, x: 1, y: 1 + row) }
    screen.put(caption, x: 1 + max(0, (24 - caption.count) / 2), y: 8)
    drawPanel(model, into: &screen, x: 29)

    let logRows = min(model.logLength, height >= 28 ? 6 : 3)
    let pagesTop = 10
    let pagesBottom = height - logRows - 1
    screen.horizontal("─", x: 0, y: 9, length: width)
    if let keys, width > 24 { screen.put(" " + String(keys.prefix(width - 6)) + " ", x: 2, y: 9) }
    if pagesBottom - pagesTop >= 3 {
      drawPages(
        model, into: &screen, x: 1, y: pagesTop, width: width - 2, height: pagesBottom - pagesTop)
    }
    screen.horizontal("─", x: 0, y: pagesBottom, length: width)
    screen.put(" events ", x: 2, y: pagesBottom)
    for (row, line) in model.log.suffix(logRows).enumerated() {
      screen.put(line, x: 1, y: pagesBottom + 1 + row)
    }
    return screen
  }

  private func angleText(_ model: LiveViewModel) -> String {
    model.angle.map { EventText.degrees($0) } ?? "—°"
  }

  private func drawPanel(_ model: LiveViewModel, into screen: inout ScreenBuffer, x: Int) {
    let width = screen.width - x - 1
    guard width >= 12 else { return }
    screen.put(
      "angle \(angleText(model))   status \(model.status.rawValue)   pose \(model.pose.rawValue)",
      x: x, y: 1)
    // The gauge: 0…180 with the status thresholds marked.
    let barWidth = max(8, min(width - 12, 60))
    let low = model.range.lowerBound
    let span = model.range.upperBound - low
    func column(_ degrees: Double) -> Int {
      Int(((degrees - low) / span * Double(barWidth - 1)).rounded()).clamped(0, barWidth - 1)
    }
    let filled = model.angle.map { column($0) + 1 } ?? 0
    screen.put("\(NumberFormat.ms(low))° ", x: x, y: 2)
    let barX = x + "\(NumberFormat.ms(low))° ".count
    screen.horizontal("█", x: barX, y: 2, length: filled)
    screen.horizontal("░", x: barX + filled, y: 2, length: barWidth - filled)
    screen.put(" \(NumberFormat.ms(model.range.upperBound))°", x: barX + barWidth, y: 2)
    var labels = ""
    for (degrees, label) in model.marks {
      screen.put("╵", x: barX + column(degrees), y: 3)
      labels += "\(label) \(NumberFormat.ms(degrees))°  "
    }
    screen.put(labels, x: barX, y: 4)
    screen.put(
      "orientation \(model.orientation.rawValue)   text \(model.textSize.rawValue)", x: x, y: 5)
    let frame =
      model.frame.map {
        "reader frame \(EventText.size($0.width, $0.height)) pt (\(model.display.rawValue))"
      }
      ?? "reader frame —"
    screen.put(frame + (model.inBurst ? "  resizing…" : ""), x: x, y: 6)
    let notes =
      switch model.shown?.notes {
      case .trailing: "notes: on the trailing side of the fold"
      case .sheet: "notes: in a sheet"
      case nil: "notes: —"
      }
    screen.put(notes, x: x, y: 7)
    var settle = "last settle: —"
    if let r = model.lastTiming {
      let f = { (v: Double) in NumberFormat.ms((v * 10).rounded() / 10) }
      if let causeToShown = r.causeToShown {
        settle = "last settle: \(f(causeToShown)) ms cause → shown"
        settle += " (wait \(f(r.settleWait)), paginate \(f(r.paginationMs)) ms \(r.cache.rawValue))"
      } else {
        settle = "last settle: superseded by a later one before it was paginated"
      }
    } else if let wait = model.settleWaitMs {
      settle = "last settle: \(NumberFormat.ms((wait * 10).rounded() / 10)) ms after the last size"
      if let ms = model.paginationMs {
        settle += " + \(NumberFormat.ms((ms * 10).rounded() / 10)) ms pagination"
      }
    }
    screen.put(settle, x: x, y: 8)
  }

  private func drawPages(
    _ model: LiveViewModel, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int
  ) {
    let layout = model.shown?.layout ?? Self.layout(for: model.pose)
    let pages = model.shown?.pages ?? []
    let total = model.shown?.pageCount
    func label(_ index: Int) -> String? {
      guard index < pages.count else { return nil }
      return " page \(pages[index] + 1)" + (total.map { "/\($0)" } ?? "") + " "
    }
    switch layout {
    case .spread:
      let gutter = 3
      let pageWidth = min((width - gutter) / 2, 60)
      let left = x + max(0, (width - 2 * pageWidth - gutter) / 2)
      let (leftIndex, rightIndex) = Self.sides(model.shown)
      drawPage(
        leftIndex < pages.count ? pages[leftIndex] : nil, label: label(leftIndex), into: &screen,
        x: left, y: y, width: pageWidth, height: height)
      // A spread without a fold (a wide regular-width view) meets at a plain gutter.
      let fold: Character = model.division.map { $0.isActive ? "▒" : "┊" } ?? " "
      screen.vertical(fold, x: left + pageWidth + 1, y: y, length: height)
      drawPage(
        rightIndex < pages.count ? pages[rightIndex] : nil, label: label(rightIndex), into: &screen,
        x: left + pageWidth + gutter, y: y,
        width: pageWidth, height: height)
    case .tabletop:
      // The page sits above the fold; the lower half is the page-turn area.
      let pageHeight = max(3, min(height - 2, Int((Double(height) * 0.6).rounded())))
      let pageWidth = min(width, 70)
      let left = x + (width - pageWidth) / 2
      drawPage(
        pages.first, label: label(0), into: &screen, x: left, y: y, width: pageWidth,
        height: pageHeight)
      screen.horizontal("═", x: left, y: y + pageHeight, length: pageWidth)
      screen.put(" fold ", x: left + pageWidth / 2 - 3, y: y + pageHeight)
      let turns = "‹ prev      page turns      next ›"
      let areaHeight = height - pageHeight - 1
      if areaHeight >= 3 {
        screen.box(x: left, y: y + pageHeight + 1, width: pageWidth, height: areaHeight)
        screen.put(turns, x: left + max(0, (pageWidth - turns.count) / 2), y: y + pageHeight + 1 + areaHeight / 2)
      } else {
        screen.put(turns, x: left + max(0, (pageWidth - turns.count) / 2), y: y + pageHeight + 1)
      }
    case .single:
      var pageWidth = width
      if let frame = model.frame, frame.height > 0 {
        pageWidth = Int(Double(height) * 2.2 * frame.width / frame.height)
      }
      pageWidth = min(width, max(16, pageWidth))
      let left = x + (width - pageWidth) / 2
      drawPage(
        pages.first, label: label(0), into: &screen, x: left, y: y, width: pageWidth, height: height
      )
    }
  }

  /// Which of a spread's visible pages (indices into `pages`) sits left of the fold and which
  /// right: each at its frame's side (page 1 of a right-to-left spread is on the right); in
  /// list order when the frames do not say.
  static func sides(_ shown: Shown?) -> (left: Int, right: Int) {
    guard let frames = shown?.frames, frames.count >= 2, frames[1].x < frames[0].x else {
      return (0, 1)
    }
    return (1, 0)
  }

  private func drawPage(
    _ page: Int?, label: String?, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int,
    height: Int
  ) {
    screen.box(x: x, y: y, width: width, height: height)
    if let label { screen.put(label, x: x + 2, y: y) }
    let inner = width - 4
    guard inner > 0 else { return }
    let lines =
      page.map { pages?.lines(page: $0) ?? [] } ?? ["(no page text: the reader is not running)"]
    for (row, line) in lines.prefix(height - 2).enumerated() {
      let shown = line.count > inner ? String(line.prefix(inner - 1)) + "…" : line
      screen.put(shown, x: x + 2, y: y + 1 + row)
    }
  }

  /// The page layout a pose implies before the reader said (no `shown` yet).
  static func layout(for pose: Pose) -> LayoutKind {
    switch pose {
    case .openWide, .book: .spread
    case .tabletop: .tabletop
    default: .single
    }
  }
}

extension Int {
  fileprivate func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
