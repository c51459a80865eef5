import EventStream
import Simulator
import Typesetter

/// The typesetting options of `paginate` and `bench typeset` (and the parsing of `--lang` and
/// `--typography` the reader options share): text size, line height, hyphenation and fonts, with
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

  /// The `--lang` lines of a command's help: what the option does and the languages whose
  /// patterns are installed on this machine (read when the help is printed), indented under
  /// the help's second column.
  static var languageHelp: String {
    let installed = HyphenationDictionaries.installedLanguages()
    let list = installed.isEmpty ? "none installed" : "installed: " + installed.joined(separator: ", ")
    let sentence = "the text's language, for its hyphenation patterns (\(list); any other: no hyphenation)"
    var lines = [""]
    for word in sentence.split(separator: " ") {
      if !lines[lines.count - 1].isEmpty, lines[lines.count - 1].count + word.count + 1 > 68 { lines.append("") }
      lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
    }
    return lines.joined(separator: "\n" + String(repeating: " ", count: 21))
  }

  /// Takes `--lang TAG` (a BCP 47 language tag: letters, digits, `-`, `_`).
  static func parseLanguage(_ args: inout Arguments) throws(CLIError) -> String? {
    guard let tag = try args.option("--lang") else { return nil }
    let valid =
      !tag.isEmpty && tag.count <= 35
      && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    guard valid, let first = tag.first, first.isLetter else {
      throw .usage("--lang: expected a language tag such as de, de-CH or en-US, found '\(InputText.excerpt(tag))'")
    }
    return tag
  }

  /// Takes `--typography calibrated|inter` (nil when not given).
  static func parseTypography(_ args: inout Arguments) throws(CLIError) -> TypographyChoice? {
    guard let name = try args.option("--typography") else { return nil }
    guard let choice = TypographyChoice(rawValue: name) else {
      let forms = TypographyChoice.allCases.map(\.rawValue).joined(separator: " or ")
      throw .usage("--typography: expected \(forms), found '\(InputText.excerpt(name))'")
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
        throw .usage("--text-size: unknown category '\(InputText.excerpt(name))' (xSmall … xxxLarge, AX1 … AX5)")
      }
      category = parsed
    }
    var style = typography.style(for: category)
    // As a profile's line heights (`typography.sizes.*.lineHeight`).
    if let lineHeight = try args.double("--line-height", in: 1...1_000, unit: "pt") { style.lineHeight = lineHeight }
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
    let size = NumberFormat.shortest(style.pointSize, places: 3)
    let height = NumberFormat.shortest(style.lineHeight, places: 3)
    let scale =
      style.advanceScale == 1 ? "" : ", advances × \(NumberFormat.shortest(style.advanceScale, places: 3))"
    var text =
      "\(category.rawValue) (\(size) pt, line height \(height) pt\(scale)), \(typography.rawValue) typography, hyphenation "
      + (style.hyphenationFactor > 0 ? "on" : "off")
    if let language {
      text += dictionaryPath.map { " (\(language): \($0))" } ?? " (no dictionary for \(language))"
    }
    return text
  }

  /// Loads the font, the fallback and the hyphenation patterns it names (any missing: exit 66;
  /// a silent fallback would paginate something else than it says; a library the typesetter
  /// calls missing: exit 69).
  func loadFonts() throws(CLIError) -> (font: Font, fallback: Font?, hyphenator: Hyphenator?) {
    func failure(_ error: TypesetterError, _ note: String = "") -> CLIError {
      if case .libraryUnavailable = error { return CLIError("\(error)", code: .unavailable) }
      return CLIError("\(error)\(note)", code: .noInput)
    }
    let font: Font
    do { font = try Font(path: fontPath) } catch { throw failure(error) }
    var fallback: Font?
    if let fallbackPath {
      do { fallback = try Font(path: fallbackPath) } catch { throw failure(error, " (the fallback font)") }
    }
    var hyphenator: Hyphenator?
    if let dictionaryPath {
      do {
        hyphenator = try Hyphenator(
          dictionaryPath: dictionaryPath, leftMin: hyphenMinimums.left, rightMin: hyphenMinimums.right)
      } catch {
        throw failure(error)
      }
    }
    return (font, fallback, hyphenator)
  }
}
