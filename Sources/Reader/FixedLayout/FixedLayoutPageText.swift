/// A PDF's page text, for a view that cannot draw the page itself (the terminal's live view):
/// each page's lines as poppler extracts them, read when first asked for and kept.
///
/// ```swift
/// let text = FixedLayoutPageText(pdf: bytes)
/// text?.lines(page: 4)   // ["Page 5", "595.28 x 419.53 pt (landscape)"]
/// ```
public final class FixedLayoutPageText {
  /// At most this many lines of a page are kept, each at most `maximumLineLength` characters.
  public static let maximumLines = 200
  /// The longest line kept, in characters.
  public static let maximumLineLength = 400

  private let pdf: PopplerPageText
  private var cache: [Int: [String]] = [:]

  /// Opens the PDF's bytes; nil when poppler cannot read them.
  public init?(pdf bytes: [UInt8]) {
    guard let pdf = PopplerPageText(bytes: bytes) else { return nil }
    self.pdf = pdf
  }

  /// The non-blank lines of the 0-based `page`, top to bottom, trailing spaces removed; empty
  /// for a page with no text or one that is not there.
  public func lines(page: Int) -> [String] {
    if let known = cache[page] { return known }
    var lines: [String] = []
    for line in (pdf.text(page: page) ?? "").split(whereSeparator: \.isNewline) {
      var kept = String(line.prefix(Self.maximumLineLength))
      while let last = kept.last, last.isWhitespace { kept.removeLast() }
      if kept.isEmpty { continue }
      lines.append(kept)
      if lines.count == Self.maximumLines { break }
    }
    cache[page] = lines
    return lines
  }
}
