import EventStream
import Platform
import Simulator
import Typesetter

/// Everything the invariants look at in one shown state.
public struct ReaderSnapshot: Sendable {
  /// The place (UTF-16 offset).
  public var offset: Int
  /// The place before this state, nil for the first state.
  public var previousOffset: Int?
  /// Visible page indices.
  public var pages: [Int]
  /// Every page's UTF-16 range, in order — or, when not `allPagesKnown`, the visible pages'
  /// ranges only, one for each of `pages`.
  public var pageRanges: [Range<Int>]
  /// False for a real app's state (`check --app`): it reports the pages it shows, not every
  /// page's range nor its lines, so the rules about all pages (`pages-partition`,
  /// `same-key-same-breaks`) and about lines are not checked.
  public var allPagesKnown = true
  /// The text's length.
  public var textLength: Int
  /// The page layout, and with it the folds in the way (`keepOutFrames`): `fold-clear` checks
  /// the pages and lines against those and no others.
  public var geometry: PageGeometry
  /// The reading direction the reader was asked for; `page-order` holds a spread's frames to
  /// it.
  public var direction: ReadingDirection
  /// The lines of each visible page, in order.
  public var visibleLines: [[Line]]
  /// Line height, line spacing and paragraph spacing of the style.
  public var style: TextStyle
  /// The type of the event that led here (`settled`, `turn`, `goto`).
  public var cause: String
  /// A fingerprint of the page breaks for this layout key.
  public var breaksFingerprint: Int
  /// The layout key, as text.
  public var key: String
  /// True when the layout was settled with the notes open.
  public var notesOpen: Bool
  /// The notes text's `ContentHash`.
  public var notesHash: String
  /// The selection, if any.
  public var selection: Range<Int>?
  /// What the hinge did to cause this state (`status closed → partiallyOpen`), nil when the
  /// cause was not the hinge: a place that moves then is a page turned from the hinge.
  public var hingeChange: String?

  /// Makes a snapshot.
  public init(
    offset: Int, previousOffset: Int?, pages: [Int], pageRanges: [Range<Int>], textLength: Int,
    geometry: PageGeometry, direction: ReadingDirection = .ltr, visibleLines: [[Line]], style: TextStyle, cause: String,
    breaksFingerprint: Int, key: String, notesOpen: Bool = false, notesHash: String = ReaderInvariants.emptyNotesHash,
    selection: Range<Int>? = nil, hingeChange: String? = nil
  ) {
    self.hingeChange = hingeChange
    self.notesOpen = notesOpen
    self.notesHash = notesHash
    self.selection = selection
    self.offset = offset
    self.previousOffset = previousOffset
    self.pages = pages
    self.pageRanges = pageRanges
    self.textLength = textLength
    self.geometry = geometry
    self.direction = direction
    self.visibleLines = visibleLines
    self.style = style
    self.cause = cause
    self.breaksFingerprint = breaksFingerprint
    self.key = key
  }
}

extension ReaderSnapshot {
  /// What the hinge did, if `cause` is the hinge's doing: a settle whose cycle began with a
  /// status change, the fold turning active or flat, or a hinge event itself.
  public static func hingeChange(of cause: Event) -> String? {
    switch cause.kind {
    case .settled(let s):
      hingeChange(of: s.cycle.cause)
    case .regions: "the fold turning active or flat"
    case .hinge, .status, .pose: "a hinge \(cause.kind.type.rawValue) event"
    default: nil
    }
  }

  /// What the hinge did, if a settle's cause is a status change.
  public static func hingeChange(of cause: SettleCause) -> String? {
    guard case .status = cause else { return nil }
    return "the hinge (\(cause))"
  }
}
