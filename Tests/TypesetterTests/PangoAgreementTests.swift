import EventStream
import Glibc
import Testing

@testable import Typesetter

/// Mixed-script texts agree with Pango (the peer paginator, same font family and fontconfig
/// fallback): the same page count and at least 99.5 % of its line starts, hyphenation off. The
/// expectations were recorded from pango-paginate (Agreement/README.md); they are data in the
/// repository, so no Pango is needed here.
@Suite struct PangoAgreementTests {
  static let directory: String = {
    var path = #filePath
    path = String(path[..<path.lastIndex(of: "/")!])
    return path + "/Agreement"
  }()

  static func read(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = fread(&chunk, 1, chunk.count, file)
      if n == 0 { break }
      bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static let cases = [
    ("hebrew", TextSize.large, 342.0, 580.0), ("hebrew", .large, 331.5, 571), ("hebrew", .AX5, 342, 580),
    ("arabic", .large, 342, 580), ("arabic", .large, 331.5, 571), ("arabic", .AX5, 342, 580),
    ("english-hebrew", .large, 342, 580), ("english-hebrew", .large, 331.5, 571),
    ("greek-cyrillic", .large, 342, 580), ("greek-cyrillic", .large, 331.5, 571),
    ("greek-cyrillic", .AX5, 342, 580),
    ("emoji", .large, 342, 580), ("emoji", .large, 331.5, 571), ("emoji", .AX5, 342, 580),
  ]

  @Test(arguments: cases)
  func pageCountAndLineStartsAgree(_ name: String, _ category: TextSize, _ width: Double, _ height: Double)
    throws
  {
    let text = try #require(Self.read("\(Self.directory)/\(name).txt"))
    let size = "\(width)".hasSuffix(".0") ? "\(Int(width))" : "\(width)"
    let recorded = try #require(
      Self.read("\(Self.directory)/\(name).\(category.rawValue).\(size)x\(Int(height)).pango"))
    var pages = -1
    var pangoStarts: [Int] = []
    for line in recorded.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: " ")
      if fields.first == "pages" { pages = Int(fields[1]) ?? -1 }
      if fields.first == "line_starts" { pangoStarts = fields.dropFirst().compactMap { Int($0) } }
    }
    try #require(pages > 0 && pangoStarts.count > 100)
    var style = Fixtures.style(category)
    style.hyphenationFactor = 0
    let layout = Fixtures.layout(text)
    let p = layout.paginate(width: width, height: height, style: style)
    #expect(p.pageCount == pages)
    let ours = Set(p.lineStarts)
    let shared = pangoStarts.filter { ours.contains($0) }.count
    let agreement = Double(shared) / Double(pangoStarts.count)
    #expect(agreement >= 0.995, "\(shared) of \(pangoStarts.count) Pango line starts shared")
  }
}
