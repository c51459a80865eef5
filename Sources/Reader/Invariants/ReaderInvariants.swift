import EventStream
import Platform
import Simulator
import Typesetter

/// The reference reader's rules, checked on every shown state. A breach becomes a
/// `violation` event naming the rule.
///
/// | rule | what it checks |
/// |---|---|
/// | `offset-visible` | the place lies in a visible page |
/// | `spread-even` | a spread starts on an even page (0-based) |
/// | `pages-partition` | page ranges cover the text exactly, in order, none empty |
/// | `page-overflow` | no visible page holds more lines than fit, no line is wider than the page |
/// | `page-order` | a spread's first (lower-numbered) page sits left of the second in `ltr`, right of it in `rtl` |
/// | `fold-clear` | no page and no text line crosses a fold the page geometry keeps clear (`PageGeometry.keepOutFrames`), nor the tabletop page-turn controls below the fold (`turnControls`) |
/// | `turn-only-on-turn` | the place moved only on a `turn` or `goto` |
/// | `turn-not-from-hinge` | no page turn comes from the hinge: the place never moves on a fold, an unfold or the fold turning active (DESIGN §6 rule 7; reported instead of `turn-only-on-turn` when the hinge caused the state) |
/// | `turn-one-screen` | a turn moves one page or one spread, and the place becomes the first character on screen |
/// | `same-key-same-breaks` | the same layout key always gives the same page breaks |
/// | `notes-kept` | the notes text is the one the last notes input left (no layout change alters it) |
/// | `notes-beside-single-page` | with the notes open in a spread pose, no page sits in the trailing region |
/// | `selection-in-page` | the selection lies inside one page |
public struct ReaderInvariants: Sendable {
  private var fingerprints: [String: Int] = [:]
  /// The `ContentHash` of empty notes.
  public static let emptyNotesHash = ContentHash.of([UInt8]())
  /// The hash the last notes input (`note`, `addToNotes`) left.
  private var notesHash = ReaderInvariants.emptyNotesHash
  /// The first page of the last state checked: where a turn starts from.
  private var lastFirstPage: Int?

  /// The screen changed in a way not checked (an app's state after a pagination that broke a
  /// rule): the next turn has nothing to be measured from.
  public mutating func forgetScreen() { lastFirstPage = nil }

  /// A notes input changed the text to one with this hash: from now on every state must show it.
  public mutating func notesEdited(to hash: String) { notesHash = hash }

  /// Makes a checker with no layout keys seen yet.
  public init() {}

  /// The rules `snapshot` breaks, as (rule, message) pairs.
  public mutating func check(_ s: ReaderSnapshot) -> [(rule: String, message: String)] {
    var found: [(String, String)] = []
    // offset-visible
    let visible =
      s.allPagesKnown ? s.pages.compactMap { $0 < s.pageRanges.count ? s.pageRanges[$0] : nil } : s.pageRanges
    let holds = visible.contains {
      $0.contains(s.offset) || ($0.upperBound == s.textLength && s.offset == s.textLength)
    }
    if !holds {
      let shown = visible.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ")
      found.append(("offset-visible", "offset \(s.offset) is not on the visible page(s) \(shown)"))
    }
    // spread-even
    if s.geometry.layout == .spread, let first = s.pages.first, first % 2 != 0 {
      found.append(("spread-even", "the spread starts on page \(first + 1); spreads start on pages 1, 3, 5 …"))
    }
    // page-order: frames[i] is pages[i]'s frame; reading direction decides which side is first
    if s.geometry.layout == .spread, s.geometry.frames.count == 2 {
      let (first, second) = (s.geometry.frames[0], s.geometry.frames[1])
      let inOrder = s.direction == .ltr ? first.maxX <= second.x : second.maxX <= first.x
      if !inOrder {
        let page = (s.pages.first ?? 0) + 1
        let side = s.direction == .ltr ? "left" : "right"
        found.append(
          (
            "page-order",
            "reading \(s.direction.rawValue), page \(page)'s frame at x \(Self.format(first.x)) is not \(side) of the next page's at x \(Self.format(second.x))"
          ))
      }
    }
    // pages-partition
    if s.allPagesKnown, let problem = Self.partitionProblem(s.pageRanges, length: s.textLength) {
      found.append(("pages-partition", problem))
    }
    // page-overflow and fold-clear: the folds in the way are the geometry's, and only those
    let plain = s.style.lineHeight + s.style.lineSpacing
    let keepClear = s.geometry.keepClear
    for i in 0..<min(s.pages.count, s.geometry.frames.count) {
      let lines = i < s.visibleLines.count ? s.visibleLines[i] : []
      let frame = s.geometry.frames[i]
      var foldCrossed = false
      if let (fold, name) = keepClear.first(where: { frame.intersects($0.frame) }) {
        found.append(
          (
            "fold-clear",
            "page \(s.pages[i] + 1) lies across \(name) at x \(Self.format(fold.x)), y \(Self.format(fold.y))"
          ))
        foldCrossed = true
      }
      var y = 0.0
      for (n, line) in lines.enumerated() {
        let height = plain + (line.endsParagraph ? s.style.paragraphSpacing : 0)
        if n > 0 && y + height > frame.height + 1e-6 {
          found.append(
            (
              "page-overflow",
              "page \(s.pages[i] + 1) overflows: line \(n + 1) ends at \(Self.format(y + height)) pt, the page is \(Self.format(frame.height)) pt tall"
            ))
          break
        }
        if line.width > frame.width + 1e-6 && line.range.count > 2 {
          found.append(
            (
              "page-overflow",
              "page \(s.pages[i] + 1) line \(n + 1) is \(Self.format(line.width)) pt wide, the page is \(Self.format(frame.width)) pt"
            ))
          break
        }
        let rect = Rect(x: frame.x, y: frame.y + y, width: max(line.width, 0.001), height: height)
        if !foldCrossed, let (fold, name) = keepClear.first(where: { rect.intersects($0.frame) }) {
          found.append(
            (
              "fold-clear",
              "page \(s.pages[i] + 1) line \(n + 1) crosses \(name) at x \(Self.format(fold.x)), y \(Self.format(fold.y))"
            ))
          break
        }
        y += height
      }
    }
    // turn-only-on-turn, and turn-not-from-hinge when the hinge caused it
    if let previous = s.previousOffset, previous != s.offset, s.cause != "turn", s.cause != "goto",
      s.cause != "navigation"
    {
      if let change = s.hingeChange {
        found.append(
          (
            "turn-not-from-hinge",
            "the place moved from \(previous) to \(s.offset) on \(change): pages turn on a turn input (a swipe, a tap, VoiceOver's three-finger swipe), never from the hinge"
          ))
      } else {
        found.append(("turn-only-on-turn", "the place moved from \(previous) to \(s.offset) on a \(s.cause) event"))
      }
    }
    if s.cause == "turn", let problem = turnProblem(s, visible: visible) { found.append(("turn-one-screen", problem)) }
    lastFirstPage = s.pages.first
    found += notesAndSelectionProblems(s)
    // same-key-same-breaks (a real app's page breaks are not known)
    guard s.allPagesKnown else { return found }
    if let known = fingerprints[s.key], known != s.breaksFingerprint {
      found.append(("same-key-same-breaks", "layout key \(s.key) gave different page breaks than before"))
    } else {
      fingerprints[s.key] = s.breaksFingerprint
    }
    return found
  }

  /// `turn-one-screen`: DESIGN §6 rules 3 and 7 — never skip unread text, and re-anchor the place
  /// to the first character now on screen. Staying put (a turn at either end) is no move.
  private func turnProblem(_ s: ReaderSnapshot, visible: [Range<Int>]) -> String? {
    let step = s.geometry.pagesPerScreen
    if let last = lastFirstPage, let first = s.pages.first, first != last, abs(first - last) != step {
      let unit = step == 2 ? "one spread (2 pages)" : "one page"
      return "a turn moved from page \(last + 1) to page \(first + 1); a turn moves \(unit)"
    }
    if let start = visible.first?.lowerBound, s.offset != start {
      return "after a turn the place is \(s.offset), not the first character on screen (\(start))"
    }
    return nil
  }

  /// `notes-kept`, `notes-beside-single-page` and `selection-in-page`.
  private func notesAndSelectionProblems(_ s: ReaderSnapshot) -> [(rule: String, message: String)] {
    var found: [(String, String)] = []
    if s.notesHash != notesHash {
      found.append(("notes-kept", "the notes text changed on a \(s.cause) (hash \(notesHash) became \(s.notesHash))"))
    }
    if s.notesOpen, let fold = Self.spreadFold(of: s.geometry) {
      let trailing = s.direction == .ltr ? "right" : "left"
      for (i, frame) in s.geometry.frames.prefix(s.pages.count).enumerated()
      where s.direction == .ltr ? frame.maxX > fold.x : frame.x < fold.maxX {
        found.append(
          (
            "notes-beside-single-page",
            "with the notes open, page \(s.pages[i] + 1) at x \(Self.format(frame.x)) reaches the trailing region (\(trailing) of the fold at x \(Self.format(fold.x)))"
          ))
      }
    }
    if let selection = s.selection, let problem = Self.selectionProblem(selection, pages: s.pageRanges) {
      found.append(("selection-in-page", problem))
    }
    return found
  }

  /// `selection-in-page` against `pages`, every page's range. With `allPagesKnown` false they
  /// are the visible pages only (an app's): a selection touching one of them must lie inside
  /// it, and one that touches none cannot be judged.
  public static func selectionProblem(_ selection: Range<Int>, pages: [Range<Int>], allPagesKnown: Bool = true)
    -> String?
  {
    let judged = allPagesKnown || pages.contains { $0.overlaps(selection) }
    let inOnePage = pages.contains { $0.lowerBound <= selection.lowerBound && selection.upperBound <= $0.upperBound }
    guard judged, !inOnePage || selection.isEmpty else { return nil }
    return "the selection \(selection.lowerBound)..<\(selection.upperBound) is not inside one page"
  }

  /// The fold of a spread pose — a vertical fold running the reader's height with room for a
  /// page on each side — or nil.
  static func spreadFold(of g: PageGeometry) -> Rect? {
    guard let d = g.division, d.isVertical, d.frame.y <= 0, d.frame.maxY >= g.readerHeight else { return nil }
    let room = g.minimumPageWidth
    guard d.frame.x >= room, g.readerWidth - d.frame.maxX >= room else { return nil }
    return d.frame
  }

  static func partitionProblem(_ ranges: [Range<Int>], length: Int) -> String? {
    guard let first = ranges.first else { return "there are no pages" }
    if first.lowerBound != 0 { return "the first page starts at \(first.lowerBound), not 0" }
    for (i, (a, b)) in zip(ranges, ranges.dropFirst()).enumerated() where a.upperBound != b.lowerBound {
      return "page \(i + 1) ends at \(a.upperBound) but page \(i + 2) starts at \(b.lowerBound)"
    }
    if length > 0, let empty = ranges.firstIndex(where: { $0.isEmpty }) { return "page \(empty + 1) is empty" }
    if ranges.last!.upperBound != length {
      return "the last page ends at \(ranges.last!.upperBound), the text at \(length)"
    }
    return nil
  }

  static func format(_ value: Double) -> String { NumberFormat.shortest(value, places: 2) }
}
