import EventStream

/// Matches each of the app's `shown` lines to what it answers, walking the log in file order
/// beside the script's moves (docs/app-log.md, "How the log meets the script"):
///
/// 1. The first `shown` after a `paginated` line answers that pagination — unless a move
///    (`turn`, `goto`, an opened chapter) came after the pagination ended and before the
///    `shown`: then the pagination was never shown, and the `shown` answers the move. A move at
///    the very instant the pagination ends comes after it (the thread is free for an input
///    then), so its `shown` is the second.
/// 2. Any other `shown` answers the oldest move not yet answered that came by then and could
///    have made it — a turn one page or one spread on from the pages shown last, a `goto` or an
///    opened chapter whose place it shows — else the oldest; moves passed over did nothing on
///    screen (a turn at either end of the text, a turn with nothing shown yet). A move the app
///    was free for before a pagination began, never shown, did nothing either; one that came
///    while the app was paginating waits behind the next pagination when that one begins at
///    once (as a queued settle's does in the model).
/// 3. A `shown` that answers neither, while a pagination runs and before its `paginated` line
///    (a page shown before it was laid out), answers nothing: that pagination is not shown by it.
///
/// A pagination that answers a settle takes the moves that came before that settle and were not
/// shown yet: the model's thread handled them first (a turn with nothing to show did nothing).
/// One chapter at a time, a chapter opened so — or by the chapter re-settle it answers — is what
/// it lays out: its `shown` moves the place there.
struct AppLogShownMatch {
  /// What a `shown` line answers.
  enum Role: Equatable {
    /// The pagination with this index.
    case pagination(Int)
    /// The script's move with this index.
    case move(Int)
    /// Nothing: it came while this pagination ran, before the pagination's line.
    case early(Int)
    /// Nothing at all (a redraw, or a place moved for no reason).
    case unexplained
  }

  /// Why a pagination has no `shown`.
  enum Miss: Equatable {
    /// The `shown` at `line`, `ms` before the pagination ended, came before its line.
    case early(line: Int, ms: Double)
    /// The `shown` at `line`, at the pagination's end, was written before its line.
    case lineFirst(line: Int)
    /// The next `shown` (at `line`) answers a move that came after the pagination ended.
    case moveFirst(line: Int, move: Int)
    /// Another pagination (at `line`) came before any `shown`.
    case nextPagination(line: Int)
    /// The log ends without one.
    case never
  }

  /// Each `shown` entry's role, by entry index.
  private(set) var roles: [Int: Role] = [:]
  /// Each pagination's `shown` entry, or nil.
  private(set) var shownOf: [Int?]
  /// Why each pagination that has no `shown` has none.
  private(set) var misses: [Int: Miss] = [:]
  /// The paginations whose `shown` shows a chapter opened before them (one chapter at a time):
  /// the place moved there with the layout.
  private(set) var opensChapter: Set<Int> = []

  /// - Parameters:
  ///   - times: each entry's time on the script's clock.
  ///   - paginationOfEntry: the pagination of each `paginated` entry.
  ///   - answered: the index of the settle a pagination answers, if it answers one.
  ///   - chapterMode: the app lays out one chapter at a time.
  init(
    log: AppLog, times: [Double], script: AppLogScript, paginations: [AppLogPagination],
    paginationOfEntry: [Int: Int], answered: (Int) -> Int?, chapterMode: Bool
  ) {
    shownOf = Array(repeating: nil, count: paginations.count)
    let entries = log.entries
    // The next `paginated` entry after each entry, for a `shown` that may have come early.
    var nextPagination = Array(repeating: Int?.none, count: entries.count)
    var following: Int?
    for i in entries.indices.reversed() {
      nextPagination[i] = following
      if case .paginated = entries[i].kind { following = paginationOfEntry[i] }
    }
    let moves = script.moves
    // The moves not yet answered are moves[head..<arrived]: every answer, and every move found
    // to have done nothing, takes the oldest ones.
    var head = 0
    var arrived = 0
    var pending: Int?  // the pagination whose line came last, not yet shown
    var lastEnd = -Double.infinity  // when the paginations whose lines came have all ended
    var earlyShown: [Int: Int] = [:]  // a pagination's last early `shown` entry
    var lastFirstPage: Int?  // the first page of the last `shown`
    func miss(_ p: Int, _ otherwise: Miss, into misses: inout [Int: Miss]) {
      guard let e = earlyShown[p] else {
        misses[p] = otherwise
        return
      }
      let ms = StreamTime.elapsed(from: times[e], to: paginations[p].end)
      misses[p] = ms > 0 ? .early(line: entries[e].line, ms: ms) : .lineFirst(line: entries[e].line)
    }
    for (i, entry) in entries.enumerated() {
      let t = times[i]
      while arrived < moves.count, moves[arrived].time <= t { arrived += 1 }
      switch entry.kind {
      case .paginated:
        guard let p = paginationOfEntry[i] else { continue }
        if let q = pending { miss(q, .nextPagination(line: entry.line), into: &misses) }
        pending = p
        // A move the app was free for before this pagination began, never shown, did nothing; one
        // that came while the app paginated waits behind this pagination too when it began at once —
        // unless it came before the settle this pagination answers: the thread took it first. A
        // chapter opened so, one chapter at a time, is what this pagination lays out.
        let start = paginations[p].start
        let idleBefore = lastEnd < start
        let settle = answered(p)
        while head < arrived,
          (idleBefore && moves[head].time < start)
            || (settle.map { moves[head].settlesBefore <= $0 && moves[head].time <= start } ?? false)
        {
          if chapterMode, moves[head].type == .navigation { opensChapter.insert(p) }
          head += 1
        }
        lastEnd = max(lastEnd, paginations[p].end)
      case .shown(let shown):
        defer { lastFirstPage = shown.pages.first }
        if let p = pending {
          pending = nil
          let end = paginations[p].end
          if head < arrived, moves[arrived - 1].time > end {
            let first = head + AppLogScript.partition(arrived - head) { moves[head + $0].time > end }
            miss(p, .moveFirst(line: entry.line, move: first), into: &misses)
          } else {
            roles[i] = .pagination(p)
            shownOf[p] = i
            continue
          }
        }
        if head < arrived {
          let m = Self.move(for: shown, after: lastFirstPage, in: head..<arrived, moves)
          roles[i] = .move(m)
          head = m + 1
        } else if let q = nextPagination[i], paginations[q].start <= t {
          roles[i] = .early(q)
          earlyShown[q] = i
        } else {
          roles[i] = .unexplained
        }
      default: continue
      }
    }
    if let q = pending { miss(q, .never, into: &misses) }
  }

  /// How many pending moves a `shown` is compared with for the change it shows.
  static let placeLookahead = 64

  /// The move a `shown` answers among `pending` (not empty): the first (of `placeLookahead`)
  /// that could have made it from the pages shown last (their first page `last`), else the oldest.
  private static func move(
    for shown: Shown, after last: Int?, in pending: Range<Int>, _ moves: [AppLogScript.Move]
  ) -> Int {
    let step = shown.layout == .spread ? 2 : 1
    let window = pending.lowerBound..<min(pending.upperBound, pending.lowerBound + placeLookahead)
    return window.first { k in
      switch moves[k].turn {
      case .next?: last.map { $0 + step } == shown.pages.first
      case .prev?: last.map { $0 - step } == shown.pages.first
      case nil: moves[k].target == shown.offset
      }
    } ?? pending.lowerBound
  }
}
