import EventStream
import Platform

/// A PDF the reader cannot show: every case but `libraryUnavailable` is bad data (exit 65) and
/// names the file.
public enum FixedLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Poppler could not open it (not a PDF, truncated, damaged); its message.
  case unreadable(file: String, message: String)
  /// It needs a password (the reader opens none).
  case encrypted(file: String, message: String)
  /// It opened with zero pages.
  case noPages(file: String)
  /// A page (1-based) outside the PDF spec's page limits, 3 to 14,400 units a side
  /// (`FixedLayoutDocument.pageSideRange`): no area, or a box the reader would scale by millions.
  case pageOutOfLimits(file: String, page: Int, width: Double, height: Double)
  /// poppler-glib is not installed or cannot be loaded (exit 69): no PDF can be opened.
  case libraryUnavailable(LibraryUnavailable)

  public var description: String {
    switch self {
    case .unreadable(let file, let message):
      "\(InputText.name(file)): expected a PDF, found a file poppler cannot open (\(message))"
    case .encrypted(let file, let message):
      "\(InputText.name(file)): expected an unencrypted PDF, found an encrypted one (\(message); the reader opens no passwords)"
    case .noPages(let file):
      "\(InputText.name(file)): expected a PDF with at least one page, found none"
    case .pageOutOfLimits(let file, let page, let width, let height):
      "\(InputText.name(file)): expected pages from 3 to 14400 units a side (the PDF spec's page limits), found page \(page) of \(NumberFormat.shortest(width)) × \(NumberFormat.shortest(height))"
    case .libraryUnavailable(let error): "the PDF reader \(error)"
    }
  }
}
