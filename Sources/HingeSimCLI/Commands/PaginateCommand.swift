import EventStream
import Inputs
import Platform
import Reader
import Simulator
import Timing
import Typesetter

/// `hingesim paginate`: paginates a text file at a page size and prints its pages.
struct PaginateCommand: Command {
  static let name = "paginate"
  static let summary = "paginate a text at a page size (HarfBuzz, TextKit 1 rules)"
  /// The page sides `--width` and `--height` take, points: a page a line of the largest type
  /// tall at least, and no bigger than a PDF page may be (14,400 units).
  static let pageSideRange = 20.0...14_400
  static let usage = """
    usage: hingesim paginate FILE --width W --height H [options]
           hingesim paginate --text STRING --width W --height H [options]
           hingesim paginate FILE --chapters [--json]
           hingesim paginate --pdf FILE [--json]

    Lays the text out in pages of W × H points and prints the page count, the page holding
    --offset, and each page's start offset and first words. With --pdf, prints the PDF's page
    count and each page's size in points as poppler reads them (a PDF does not reflow).

    --chapters lists the text's chapters instead (the library: id, title, UTF-16 range; the
    heading rule is in docs/reader.md, Navigation); a text without headings is one chapter.

    options:
      --profile NAME     the device profile whose typography is used (default iphone-duo)
      --text-size L      Dynamic Type category: xSmall small medium large xLarge xxLarge
                         xxxLarge AX1…AX5 (or accessibility1…5); default large (17 pt)
      --typography T     calibrated: line heights from the profile's SF Pro metrics and
                         advances scaled to SF Pro's widths (typography.calibration);
                         inter: the profile's line heights and Inter's own widths
                         (default: calibrated when the profile has a calibration)
      --line-height PT   line height (default: the category's under the typography,
                         20.287 at large calibrated, 22 inter)
      --no-hyphenation   hyphenationFactor 0 (default 0.7)
      --lang TAG         \(TypesetSetup.languageHelp)
                         (default: the text's first line `lang: TAG`, else the profile's, en-US)
      --lines            print every line (text output)
      --offset N         a UTF-16 offset; prints the page holding it (default 0)
      --json             {"pages":…, "page_starts":[…], "line_starts":[…], "ms":…,
                         "language":…, "hyphenation_dictionary":…, "direction":"ltr"|"rtl", …}
      --font FILE        font file (default: the profile's, Inter Regular)
      --fallback FILE    font for glyphs the font lacks (default: the profile's, DejaVu Sans)

    Offsets are UTF-16 code units, like NSRange. Invalid UTF-8 in FILE is replaced by U+FFFD
    with a warning naming the byte offset of the first invalid sequence. Pages are numbered
    from 1 in text output and from 0 in JSON.

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    if let pdf = try args.option("--pdf") { return try paginatePDF(pdf, &args, context) }
    let inline = try args.option("--text")
    if args.flag("--chapters") { return try listChapters(&args, inline: inline, context) }
    var setup = try TypesetSetup.parse(&args, context)
    guard let width = try args.double("--width", in: Self.pageSideRange, unit: "pt"),
      let height = try args.double("--height", in: Self.pageSideRange, unit: "pt")
    else {
      throw .usage("--width and --height are required")
    }
    let showLines = args.flag("--lines")
    let json = args.flag("--json")
    let offset = try args.int("--offset", in: 0...Int(Int32.max), what: "a UTF-16 offset") ?? 0
    let files = try args.positionals()
    let text: String
    let name: String
    switch (inline, files.count) {
    case (let inline?, 0):
      text = inline
      name = "--text"
    case (nil, 1):
      let file = try TextFile.read(files[0], limit: context.readLimits[.text])
      if let warning = file.warning { context.stderr.line("hingesim: warning: \(warning)") }
      text = file.text
      name = files[0]
    default: throw .usage("give one FILE or --text STRING")
    }
    let units = text.utf16.count
    guard offset <= units else {
      throw .usage(
        "--offset: expected a UTF-16 offset from 0 to \(units) (the length of \(InputText.name(name))), found \(offset)"
      )
    }
    if setup.language == nil, let hint = HyphenationDictionaries.languageHint(in: text) {
      setup.apply(language: hint)
    }
    let fonts = try setup.loadFonts()

    let (analysisMs, layout) = MonotonicClock.measure {
      TextLayout(
        text: text, font: fonts.font, fallback: fonts.fallback, hyphenator: fonts.hyphenator)
    }
    guard offset >= 0 && offset <= layout.utf16Count else {
      throw .usage("--offset \(offset) is outside the text (0…\(layout.utf16Count))")
    }
    let (paginateMs, pagination) = MonotonicClock.measure {
      layout.paginate(width: width, height: height, style: setup.style)
    }
    let page = pagination.page(containing: offset) ?? 0
    let out = context.stdout
    if json {
      var line = "{\"pages\":\(pagination.pageCount),\"offset\":\(offset),\"offset_page\":\(page)"
      line += ",\"utf16_count\":\(layout.utf16Count),\"lines\":\(pagination.lineStarts.count)"
      line += ",\"ms\":\(format(analysisMs + paginateMs)),\"analysis_ms\":\(format(analysisMs))"
      line += ",\"paginate_ms\":\(format(paginateMs))"
      line += ",\"language\":" + (setup.language.map { JSONObjectWriter.quoted($0) } ?? "null")
      line +=
        ",\"hyphenation_dictionary\":"
        + (setup.dictionaryPath.map { JSONObjectWriter.quoted($0) } ?? "null")
      line += ",\"direction\":\"\(layout.baseDirection.rawValue)\""
      line += ",\"page_starts\":[" + pagination.pageStarts.map(String.init).joined(separator: ",")
      line += "],\"line_starts\":[" + pagination.lineStarts.map(String.init).joined(separator: ",")
      out.line(line + "]}")
      return .ok
    }
    out.line(
      "\(InputText.name(name)): \(layout.utf16Count) UTF-16 units, \(pagination.pageCount) page\(pagination.pageCount == 1 ? "" : "s") of "
        + "\(format(width)) × \(format(height)) pt, \(setup.describe)")
    out.line("offset \(offset) is on page \(page + 1) of \(pagination.pageCount)")
    out.line(
      "laid out in \(format(analysisMs + paginateMs)) ms (analysis \(format(analysisMs)) ms, "
        + "pagination \(format(paginateMs)) ms)")
    for p in 0..<pagination.pageCount {
      let range = pagination.pageRange(p)
      if showLines {
        out.line("page \(p + 1) @\(range.lowerBound)")
        for line in pagination.lines(onPage: p) {
          let mark = line.hyphenated ? "-" : (line.endsParagraph ? "¶" : " ")
          out.line(
            "  @\(pad(line.range.lowerBound, 7)) \(pad(format(line.width), 7)) \(mark) "
              + InputText.escaped(layout.text(in: line.range)))
        }
      } else {
        let head = layout.text(in: range.lowerBound..<min(range.upperBound, range.lowerBound + 60))
        out.line("page \(pad(p + 1, 4)) @\(pad(range.lowerBound, 7))  \(InputText.escaped(firstWords(head)))")
      }
    }
    return .ok
  }

  /// `--chapters`: the library of the text, one chapter a line (or one JSON object).
  static func listChapters(_ args: inout Arguments, inline: String?, _ context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let json = args.flag("--json")
    let files = try args.positionals()
    let text: String
    switch (inline, files.count) {
    case (let inline?, 0): text = inline
    case (nil, 1):
      let file = try TextFile.read(files[0], limit: context.readLimits[.text])
      if let warning = file.warning { context.stderr.line("hingesim: warning: \(warning)") }
      text = file.text
    default: throw .usage("give one FILE or --text STRING")
    }
    let library = Library(text: text)
    if json {
      let items = library.chapters.map { c in
        "{\"id\":\(c.id),\"title\":\(JSONObjectWriter.quoted(c.title)),\"start\":\(c.range.lowerBound),\"end\":\(c.range.upperBound)}"
      }
      context.stdout.line("{\"chapters\":[" + items.joined(separator: ",") + "]}")
      return .ok
    }
    context.stdout.line("\(library.chapters.count) chapter\(library.chapters.count == 1 ? "" : "s")")
    for c in library.chapters {
      context.stdout.line(
        "\(pad(c.id, 3))  \(pad(c.range.lowerBound, 7))..<\(c.range.upperBound)  \(InputText.excerpt(c.title, limit: 72))"
      )
    }
    return .ok
  }

  /// Up to six words of a page's beginning, on one line.
  ///
  /// The words are the text's whitespace-separated runs of `Character`s, as
  /// `split(whereSeparator: \.isWhitespace)` finds them; the scan stops after the sixth, and
  /// asks a one-byte `Character` (ASCII) by its byte (the property lookup was half of a novel's
  /// 40 M instructions here).
  static func firstWords(_ text: String) -> String {
    var words: [Substring] = []
    var wordStart: String.Index?
    var i = text.startIndex
    while i < text.endIndex {
      let next = text.index(after: i)
      if isWhitespace(text[i]) {
        if let start = wordStart {
          words.append(text[start..<i])
          wordStart = nil
          if words.count == 6 { break }
        }
      } else if wordStart == nil {
        wordStart = i
      }
      i = next
    }
    if let start = wordStart, words.count < 6 { words.append(text[start...]) }
    return words.joined(separator: " ")
  }

  /// `Character.isWhitespace`, answered from the byte for ASCII.
  @inline(__always)
  private static func isWhitespace(_ c: Character) -> Bool {
    let utf8 = c.utf8
    if utf8.count == 1, let b = utf8.first { return b == 0x20 || (0x09...0x0D).contains(b) }
    return c.isWhitespace
  }

  static func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
    let text = value.description
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// A number with up to three decimals, without trailing zeros.
  static func format(_ value: Double) -> String {
    value.isFinite ? NumberFormat.shortest(value, places: 3) : "null"
  }
}
