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
      --lang TAG         the text's language (de, de-CH, en-US, he, …): its hyphenation patterns
                         from /usr/share/hyphen, none when none is installed (default: the
                         text's first line `lang: TAG`, else the profile's, en-US)
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
    guard let width = try args.double("--width"), let height = try args.double("--height") else {
      throw .usage("--width and --height are required")
    }
    guard width > 0, height > 0 else { throw .usage("--width and --height must be positive") }
    let showLines = args.flag("--lines")
    let json = args.flag("--json")
    let offset = try args.int("--offset") ?? 0
    let files = try args.positionals()
    let text: String
    let name: String
    switch (inline, files.count) {
    case (let inline?, 0):
      text = inline
      name = "--text"
    case (nil, 1):
      let file = try TextFile.read(files[0])
      if let warning = file.warning { context.stderr.line("hingesim: warning: \(warning)") }
      text = file.text
      name = files[0]
    default: throw .usage("give one FILE or --text STRING")
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
      "\(name): \(layout.utf16Count) UTF-16 units, \(pagination.pageCount) page\(pagination.pageCount == 1 ? "" : "s") of "
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
              + escape(layout.text(in: line.range)))
        }
      } else {
        let head = layout.text(in: range.lowerBound..<min(range.upperBound, range.lowerBound + 60))
        out.line("page \(pad(p + 1, 4)) @\(pad(range.lowerBound, 7))  \(firstWords(head))")
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
      let file = try TextFile.read(files[0])
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
  static func firstWords(_ text: String) -> String {
    let words = text.split(whereSeparator: { $0.isWhitespace }).prefix(6)
    return words.joined(separator: " ")
  }

  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
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

/// The typesetting options of `paginate`: text size, line height, hyphenation and fonts, with
/// defaults from the device profile's typography (`--profile`, default iphone-duo).
struct TypesetSetup {
  var category: TextSize
  /// `--typography`, or the profile's default.
  var typography: TypographyChoice
  var style: TextStyle
  var fontPath: String
  var fallbackPath: String?
  var dictionaryPath: String?
  var hyphenMinimums = (left: 2, right: 3)
  /// `--lang`: the language whose patterns `dictionaryPath` names (nil: the profile's).
  var language: String?

  /// Takes `--lang TAG` (a BCP 47 language tag: letters, digits, `-`, `_`).
  static func parseLanguage(_ args: inout Arguments) throws(CLIError) -> String? {
    guard let tag = try args.option("--lang") else { return nil }
    let valid =
      !tag.isEmpty && tag.count <= 35
      && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    guard valid, let first = tag.first, first.isLetter else {
      throw .usage("--lang: expected a language tag such as de, de-CH or en-US, found '\(tag)'")
    }
    return tag
  }

  /// Takes `--typography calibrated|inter` (nil when not given).
  static func parseTypography(_ args: inout Arguments) throws(CLIError) -> TypographyChoice? {
    guard let name = try args.option("--typography") else { return nil }
    guard let choice = TypographyChoice(rawValue: name) else {
      let forms = TypographyChoice.allCases.map(\.rawValue).joined(separator: " or ")
      throw .usage("--typography: expected \(forms), found '\(name)'")
    }
    return choice
  }

  /// The typography a profile lays text out with under a choice (nil: the profile's default);
  /// `calibrated` of a profile without `typography.calibration` is a usage error.
  static func typography(of profile: Profile, choice: TypographyChoice?) throws(CLIError) -> Profile.Typography {
    let choice = choice ?? profile.typography.defaultChoice
    guard let typography = profile.typography.applying(choice) else {
      throw .usage(
        "--typography calibrated: profile \(profile.name) has no typography.calibration (use --typography inter)")
    }
    return typography
  }

  /// Takes `--profile`, `--typography`, `--text-size`, `--line-height`, `--no-hyphenation`,
  /// `--font`, `--fallback`.
  static func parse(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> TypesetSetup {
    var sourceOptions = SourceOptions()
    if let name = try args.option("--profile") { sourceOptions.profileName = name }
    let profile = try sourceOptions.loadProfile(context)
    let choice = try parseTypography(&args) ?? profile.typography.defaultChoice
    let typography = try typography(of: profile, choice: choice)
    var category = TextSize.large
    if let name = try args.option("--text-size") {
      guard let parsed = TextSize(name: name) else {
        throw .usage("--text-size: unknown category '\(name)' (xSmall … xxxLarge, AX1 … AX5)")
      }
      category = parsed
    }
    var style = typography.style(for: category)
    if let lineHeight = try args.double("--line-height") {
      guard lineHeight > 0 else { throw .usage("--line-height must be positive") }
      style.lineHeight = lineHeight
    }
    if args.flag("--no-hyphenation") { style.hyphenationFactor = 0 }
    let fontPath = try args.option("--font") ?? typography.fontFile
    let fallback = try args.option("--fallback")
    var setup = TypesetSetup(
      category: category, typography: choice, style: style, fontPath: fontPath,
      fallbackPath: fallback ?? typography.fallbackFontFile,
      dictionaryPath: typography.hyphenationDictionary,
      hyphenMinimums: (typography.hyphenLeftMin, typography.hyphenRightMin))
    if let language = try parseLanguage(&args) { setup.apply(language: language) }
    return setup
  }

  /// Uses `language`'s hyphenation patterns (none installed: no hyphenation).
  mutating func apply(language: String) {
    self.language = language
    dictionaryPath = HyphenationDictionaries.path(forLanguage: language)
    if dictionaryPath == nil { style.hyphenationFactor = 0 }
  }

  /// `large (17 pt, line height 22 pt), inter typography, hyphenation on`; the calibrated
  /// typography names its advance scale.
  var describe: String {
    let size = PaginateCommand.format(style.pointSize)
    let height = PaginateCommand.format(style.lineHeight)
    let scale =
      style.advanceScale == 1 ? "" : ", advances × \(PaginateCommand.format(style.advanceScale))"
    var text =
      "\(category.rawValue) (\(size) pt, line height \(height) pt\(scale)), \(typography.rawValue) typography, hyphenation "
      + (style.hyphenationFactor > 0 ? "on" : "off")
    if let language {
      text += dictionaryPath.map { " (\(language): \($0))" } ?? " (no dictionary for \(language))"
    }
    return text
  }

  /// Loads the font, the fallback and the hyphenation patterns it names (any missing: exit 66;
  /// a silent fallback would paginate something else than it says).
  func loadFonts() throws(CLIError) -> (font: Font, fallback: Font?, hyphenator: Hyphenator?) {
    let font: Font
    do { font = try Font(path: fontPath) } catch { throw CLIError("\(error)", code: .noInput) }
    var fallback: Font?
    if let fallbackPath {
      do { fallback = try Font(path: fallbackPath) } catch {
        throw CLIError("\(error) (the fallback font)", code: .noInput)
      }
    }
    var hyphenator: Hyphenator?
    if let dictionaryPath {
      do {
        hyphenator = try Hyphenator(
          dictionaryPath: dictionaryPath, leftMin: hyphenMinimums.left, rightMin: hyphenMinimums.right)
      } catch {
        throw CLIError("\(error)", code: .noInput)
      }
    }
    return (font, fallback, hyphenator)
  }
}
