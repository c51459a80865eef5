import EventStream
import Reader
import Simulator

extension ReaderOptions {
  /// Takes `--pdf FILE`, refusing the options that only a text has.
  mutating func parsePDF(_ args: inout Arguments) throws(CLIError) {
    pdfPath = try args.option("--pdf")
    guard pdfPath != nil else { return }
    if textPath != nil { throw .usage("--text and --pdf exclude each other: give one document") }
    if prepaginate {
      throw .usage("--prepaginate paginates a text; a PDF's page frames are laid out per settle")
    }
  }

  /// Reads the PDF of `--pdf` with poppler: a missing file is exit 66, a read error 74, a
  /// file poppler cannot open (damaged, not a PDF, encrypted) or with no pages 65, poppler-glib
  /// not installed 69.
  static func loadPDF(_ path: String, limit: ReadLimit) throws(CLIError) -> FixedLayoutDocument {
    let bytes = try TextFile.readBytes(path, limit: limit)
    do {
      return try FixedLayoutDocument(pdf: bytes, name: path)
    } catch {
      if case .libraryUnavailable = error { throw CLIError(error.description, code: .unavailable) }
      throw CLIError(error.description, code: .dataError)
    }
  }

  /// The text of a PDF's pages, for the live view (`--view`): read again from `path`.
  static func loadPDFText(_ path: String, limit: ReadLimit) throws(CLIError) -> FixedLayoutPageText {
    let bytes = try TextFile.readBytes(path, limit: limit)
    guard let text = FixedLayoutPageText(pdf: bytes) else {
      throw CLIError("\(path): poppler cannot read it again for its page text", code: .dataError)
    }
    return text
  }

  /// The document the reader shows: the PDF of `--pdf`, else the text.
  func loadInput(profile: Profile, context: CommandContext) throws(CLIError) -> ReaderInput {
    if let pdfPath {
      let pdf = try Self.loadPDF(pdfPath, limit: context.readLimits[.pdf])
      try checkOffset(pages: pdf.pageCount, name: pdfPath)
      return .pdf(pdf)
    }
    return .text(try loadDocument(profile: profile, context: context))
  }
}
