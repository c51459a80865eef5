import EventStream
import Platform
import Simulator
import Typesetter

/// The text the reader shows, analysed once (breaks, hyphen points, shaped widths), shared by
/// every reader and every pagination of it.
///
/// ```swift
/// let doc = try ReaderDocument(text: chapter, profile: duo)
/// let cache = PaginationCache(document: doc)
/// let pages = cache.pagination(width: 342, height: 580, textSize: .large).result
/// ```
public final class ReaderDocument {
  /// The text.
  public let text: String
  /// The typesetter's analysis of it.
  public let layout: TextLayout
  /// The analysis's thread CPU time (breaks, hyphen points, shaping), ms — charged to the
  /// reader's first pagination, the cold one, under the `host` model.
  public let analysisMs: Double
  private let typography: Profile.Typography
  /// The typography's fonts and hyphenator as loaded for this text: a part is laid out with
  /// them, so making one reads no file and cannot fail.
  private let font: Font
  private let fallback: Font?
  private let hyphenator: Hyphenator?

  /// Analyses `text` with the profile's fonts and hyphenation.
  public convenience init(text: String, profile: Profile) throws(ReaderError) {
    try self.init(text: text, typography: profile.typography)
  }

  /// Analyses `text` with a typography's fonts and hyphenation.
  ///
  /// The hyphenation patterns are read on a second thread while the fonts load and the text is
  /// analysed (the main thread's start-up work left the other processor idle): never inside the
  /// analysis the reader is charged for, and joined before the first layout can ask for them.
  /// What fails is reported in the same order as before: the font, the fallback font, then the
  /// hyphenation dictionary.
  convenience init(text: String, typography: Profile.Typography) throws(ReaderError) {
    var hyphenation: Result<Hyphenator, TypesetterError>?
    if let path = typography.hyphenationDictionary {
      do {
        hyphenation = .success(
          try Hyphenator(dictionaryPath: path, leftMin: typography.hyphenLeftMin, rightMin: typography.hyphenRightMin))
      } catch {
        hyphenation = .failure(error)
      }
    }
    var loading: JoinableThread?
    if case .success(let hyphenator)? = hyphenation {
      loading = JoinableThread.start { hyphenator.loadPatterns() }
      if loading == nil { hyphenator.loadPatterns() }
    }
    defer { loading?.join() }
    let font: Font
    do {
      font = try Font(path: typography.fontFile)
    } catch {
      throw ReaderError(error)
    }
    // What the profile names must load: a silent fallback would paginate something else.
    var fallback: Font?
    if let path = typography.fallbackFontFile {
      do { fallback = try Font(path: path) } catch {
        throw ReaderError(error, note: " (the fallback font)")
      }
    }
    var hyphenator: Hyphenator?
    switch hyphenation {
    case .success(let loaded)?: hyphenator = loaded
    case .failure(let error)?: throw ReaderError(error)
    case nil: break
    }
    self.init(text: text, typography: typography, font: font, fallback: fallback, hyphenator: hyphenator)
  }

  /// Analyses `text` with fonts and a hyphenator already loaded for `typography` (its patterns
  /// loaded or loading: see `init(text:typography:)`).
  private init(
    text: String, typography: Profile.Typography, font: Font, fallback: Font?, hyphenator: Hyphenator?
  ) {
    self.text = text
    self.typography = typography
    self.font = font
    self.fallback = fallback
    self.hyphenator = hyphenator
    let start = ThreadCPUClock.nowMs()
    layout = TextLayout(text: text, font: font, fallback: fallback, hyphenator: hyphenator)
    analysisMs = StreamTime.elapsed(from: start, to: ThreadCPUClock.nowMs())
  }

  /// The text of a UTF-16 range (a chapter) as a document of its own, with this one's typography
  /// and the fonts it loaded.
  public func part(_ range: Range<Int>) -> ReaderDocument {
    ReaderDocument(
      text: text(in: range), typography: typography, font: font, fallback: fallback, hyphenator: hyphenator)
  }

  /// The text's chapters by the heading rule, found once when first asked: `run` checks a
  /// source's `open-chapter` against their count and its navigation stage lists them (finding
  /// them twice was 0.9 M instructions of the main thread's start).
  public private(set) lazy var library = Library(text: text)

  /// Length in UTF-16 code units.
  public var utf16Count: Int { layout.utf16Count }

  /// The typesetter style for a text size.
  public func style(for size: TextSize) -> TextStyle { typography.style(for: size) }

  /// The text of a UTF-16 range.
  public func text(in range: Range<Int>) -> String { layout.text(in: range) }

  /// The first words of a range, about `limit` characters, on one line.
  public func excerpt(_ range: Range<Int>, limit: Int = 48) -> String {
    let slice = text(in: range.lowerBound..<min(range.upperBound, range.lowerBound + limit * 2))
    var out = ""
    for ch in slice {
      if out.count >= limit { break }
      out.append(ch == "\n" ? " " : ch)
    }
    if out.count >= limit, let space = out.lastIndex(of: " ") { out = String(out[..<space]) + "…" }
    return out.trimmingSpaces
  }
}

/// A reader set-up problem (the font or the text cannot be loaded, or a library the typesetter
/// calls is not installed).
public struct ReaderError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var description: String
  /// The library that could not be loaded, when that is what went wrong (exit 69, not 66).
  public var unavailableLibrary: LibraryUnavailable?
  /// Makes an error.
  public init(_ description: String) { self.description = description }

  /// The typesetter's error, with `note` after its message.
  init(_ error: TypesetterError, note: String = "") {
    description = "\(error)" + note
    if case .libraryUnavailable(let library) = error { unavailableLibrary = library }
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " { s.removeFirst() }
    while s.last == " " { s.removeLast() }
    return String(s)
  }
}
