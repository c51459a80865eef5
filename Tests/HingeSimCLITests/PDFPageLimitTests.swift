import TestSupport
import Testing

/// A PDF's pages must lie within the PDF spec's page limits (ISO 32000-1, Annex C: 3 to 14,400
/// units a side): outside them the file is bad data (exit 65), never a page the reader scales
/// by millions (a 0.00001-pt box was laid out at scale 34,200,000).
@Suite("PDF page limits")
struct PDFPageLimitTests {
  /// A one-page PDF whose MediaBox is `width` × `height`, with a correct cross-reference table.
  static func pdf(width: String, height: String) -> String {
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] >>",
    ]
    var text = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(text.utf8.count)
      text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = text.utf8.count
    text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets { text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
    text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    return TestSupport.temporaryFile(text, suffix: ".pdf")
  }

  @Test(
    "a page box outside 3–14,400 units: exit 65 naming the limits and the page",
    arguments: [("0.00001", "0.00001"), ("2.9", "500"), ("500", "14401"), ("100000", "100000")])
  func outside(_ width: String, _ height: String) {
    let path = Self.pdf(width: width, height: height)
    for arguments in [["paginate", "--pdf", path], ["run", "traces/default.hinge", "--pdf", path]] {
      let r = CLIHarness.run(arguments)
      #expect(r.code == 65, "\(arguments.first!): \(r.stderr)")
      #expect(
        r.stderr.contains(
          "\(path): expected pages from 3 to 14400 units a side (the PDF spec's page limits), found page 1"),
        "\(r.stderr)")
    }
  }

  @Test("the limits themselves are pages: 3 × 14,400 units is laid out")
  func atTheLimits() {
    let r = CLIHarness.run(["paginate", "--pdf", Self.pdf(width: "3", height: "14400")])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains("page 1: 3 × 14400 pt"), "\(r.stdout)")
  }
}
