import Reader
import TestSupport
import Testing

/// Poppler reads the page count and sizes of a real PDF, and a bad one is a clear error
/// naming the file, never a crash.
@Suite("Fixed-layout document (poppler)")
struct FixedLayoutDocumentTests {
  typealias F = FixedLayoutFixtures

  @Test("the sample PDF: 10 pages of the sizes its generator wrote (A5, A5 turned, Letter)")
  func samplePages() throws {
    let pdf = try FixedLayoutDocument(pdf: F.bytes(F.samplePath), name: "pdf-sample.pdf")
    #expect(pdf.pageCount == 10)
    for (read, written) in zip(pdf.pageSizes, F.sampleSizes) {
      #expect(abs(read.width - written.width) < 0.01 && abs(read.height - written.height) < 0.01)
    }
  }

  @Test("a page with /Rotate 90 (qpdf --rotate=+90:1) reads as it is shown: A5 landscape")
  func rotated() throws {
    let path = TestSupport.packageRoot + "/Tests/ReaderTests/Fixtures/rotated.pdf"
    let pdf = try FixedLayoutDocument(pdf: F.bytes(path), name: "rotated.pdf")
    #expect(abs(pdf.pageSizes[0].width - 595.28) < 0.01 && abs(pdf.pageSizes[0].height - 419.53) < 0.01)
    #expect(abs(pdf.pageSizes[1].width - 419.53) < 0.01)
  }

  @Test("the sample PDF's page text is what its generator drew: the title, each page's number and size")
  func pageText() throws {
    let text = try #require(FixedLayoutPageText(pdf: F.bytes(F.samplePath)))
    #expect(text.lines(page: 0).first == "hingesim PDF sample")
    #expect(text.lines(page: 4) == ["Page 5", "595.28 x 419.53 pt (landscape)"])
    #expect(text.lines(page: 7) == ["Page 8", "612 x 792 pt"])
    #expect(text.lines(page: 10).isEmpty)  // no page 11
    #expect(text.lines(page: -1).isEmpty)
    #expect(FixedLayoutPageText(pdf: Array("hello, not a PDF\n".utf8)) == nil)
  }

  @Test("not a PDF, truncated, empty: unreadable, with the file and poppler's message")
  func unreadable() throws {
    let sample = F.bytes(F.samplePath)
    for bytes in [Array("hello, not a PDF\n".utf8), Array(sample.prefix(3000)), []] {
      #expect {
        try FixedLayoutDocument(pdf: bytes, name: "bad.pdf")
      } throws: { error in
        guard case .unreadable(let file, let message) = error as? FixedLayoutError else { return false }
        return file == "bad.pdf" && !message.isEmpty
      }
    }
  }

  @Test("an encrypted PDF (qpdf, AES-256, a user password) is refused as encrypted")
  func encrypted() {
    let path = TestSupport.packageRoot + "/Tests/ReaderTests/Fixtures/encrypted.pdf"
    #expect {
      try FixedLayoutDocument(pdf: F.bytes(path), name: "encrypted.pdf")
    } throws: { error in
      guard case .encrypted(let file, _) = error as? FixedLayoutError else { return false }
      return file == "encrypted.pdf"
    }
  }

  @Test("a PDF whose page tree has no pages is refused: a reader needs a page to show")
  func zeroPages() {
    let pdf = """
      %PDF-1.4
      1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
      2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
      trailer << /Root 1 0 R >>
      %%EOF

      """
    #expect(throws: FixedLayoutError.noPages(file: "zero.pdf")) {
      try FixedLayoutDocument(pdf: Array(pdf.utf8), name: "zero.pdf")
    }
  }
}
