import EventStream

/// A fixed-layout document (a PDF): its pages do not reflow, so all the reader needs is how
/// many there are and each one's size in points. Read with poppler once, then plain values.
///
/// ```swift
/// let pdf = try FixedLayoutDocument(pdf: bytes, name: "texts/pdf-sample.pdf")
/// pdf.pageCount     // 10
/// pdf.pageSizes[4]  // 595.28 × 419.53 (landscape)
/// ```
public struct FixedLayoutDocument: Sendable, Equatable {
  /// The file it was read from, for messages.
  public var name: String
  /// Each page's size in points, in page order.
  public var pageSizes: [Size]

  /// A page size in points.
  public struct Size: Sendable, Equatable {
    public var width: Double
    public var height: Double

    /// Makes a size.
    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

  /// Pages.
  public var pageCount: Int { pageSizes.count }

  /// A document of the given page sizes (tests).
  public init(name: String, pageSizes: [Size]) {
    self.name = name
    self.pageSizes = pageSizes
  }

  /// The sides a page may have, PDF units (points): the PDF spec's page limits (ISO 32000-1,
  /// Annex C: at least 3 × 3, at most 14,400 × 14,400 units).
  public static let pageSideRange = 3.0...14_400

  /// Reads a PDF's page count and page sizes with poppler.
  /// - Throws: `FixedLayoutError` when poppler cannot open it (damaged, not a PDF, encrypted)
  ///   or it has no pages, or a page is outside the spec's page limits, or poppler-glib is not
  ///   installed.
  public init(pdf bytes: [UInt8], name: String) throws(FixedLayoutError) {
    let opened: PopplerDocument
    do {
      opened = try PopplerDocument(bytes: bytes)
    } catch {
      switch error {
      case .refused(let message, let encrypted):
        throw encrypted ? .encrypted(file: name, message: message) : .unreadable(file: name, message: message)
      case .libraryUnavailable(let library): throw .libraryUnavailable(library)
      }
    }
    guard !opened.pageSizes.isEmpty else { throw .noPages(file: name) }
    if let bad = opened.pageSizes.firstIndex(where: {
      !(Self.pageSideRange.contains($0.width) && Self.pageSideRange.contains($0.height))
    }) {
      let size = opened.pageSizes[bad]
      throw .pageOutOfLimits(file: name, page: bad + 1, width: size.width, height: size.height)
    }
    self.name = name
    self.pageSizes = opened.pageSizes.map { Size(width: $0.width, height: $0.height) }
  }
}
