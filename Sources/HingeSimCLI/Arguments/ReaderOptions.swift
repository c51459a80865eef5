import EventStream
import Inputs
import Platform
import Reader
import Simulator
import Timing
import Typesetter

/// The reader's options shared by `run`, `read`, `check`, `report` and `knob`: the text, the
/// starting place, the reading direction, the typography, pre-pagination and the compute cost
/// model.
struct ReaderOptions {
  /// The text to paginate (default: the bundled sample chapter).
  var textPath: String?
  /// `--pdf FILE`: show this PDF instead of a text (the fixed-layout reader).
  var pdfPath: String?
  /// The starting place, UTF-16 offset.
  var offset = 0
  /// The order the pages run in (`--direction ltr|rtl|auto`, default `auto`: the text's).
  var direction: ReadingDirectionChoice = .auto
  /// Paginate every pose's page size in the background.
  var prepaginate = false
  /// `--chapters`: paginate one chapter at a time (the place is kept as chapter and offset).
  var chapters = false
  /// What a pagination is charged (`--compute-model`; `--compute-ms MS` is `fixed:MS`).
  var computeModel: ComputeModel = .host
  /// The text's language (`--lang TAG`): it picks the hyphenation patterns (none installed for
  /// it: no hyphenation). Nil: the profile's dictionary.
  var language: String?
  /// `--typography calibrated|inter`; nil: the profile's default (`Profile.Typography.defaultChoice`).
  var typography: TypographyChoice?
  /// The options given on the command line (`ReaderOption`), whatever their values: what a
  /// command that cannot honour one refuses (`refuseUnless(honouredBy:command:)`).
  var given: Set<ReaderOption> = []

  /// Takes the reader options from the arguments; without `--compute-model` or `--compute-ms`
  /// a pagination is charged as `defaultModel` says (`check`'s is the device model).
  static func parse(_ args: inout Arguments, defaultModel: ComputeModel = .host) throws(CLIError) -> ReaderOptions {
    var o = ReaderOptions()
    o.given = ReaderOption.present(in: args)
    o.computeModel = defaultModel
    o.textPath = try args.option("--text")
    if let offset = try args.int("--offset", in: 0...Int(Int32.max), what: "a UTF-16 offset") {
      o.offset = offset
    }
    if let direction = try args.option("--direction") {
      guard let choice = ReadingDirectionChoice(rawValue: direction.lowercased()) else {
        let forms = ReadingDirectionChoice.allCases.map(\.rawValue).joined(separator: ", ")
        throw .usage("--direction: expected one of \(forms), found '\(InputText.excerpt(direction))'")
      }
      o.direction = choice
    }
    o.prepaginate = args.flag("--prepaginate")
    o.chapters = args.flag("--chapters")
    o.language = try TypesetSetup.parseLanguage(&args)
    o.typography = try TypesetSetup.parseTypography(&args)
    let model = try args.option("--compute-model")
    if let ms = try args.double("--compute-ms", in: ComputeModel.fixedRange, unit: "ms") {
      guard model == nil else { throw .usage("--compute-ms MS is --compute-model fixed:MS: give one of them") }
      o.computeModel = .fixed(ms)
    }
    if let model {
      do {
        o.computeModel = try ComputeModel(parsing: model)
      } catch {
        throw .usage(error.description)
      }
    }
    try o.parsePDF(&args)
    return o
  }

  /// The text file to read.
  func resolvedTextPath(_ context: CommandContext) -> String {
    textPath ?? context.resourceRoot + "/texts/sample-chapter.txt"
  }

  /// The profile with the typography of `--typography` (else the profile's default) and the
  /// hyphenation dictionary of `--lang`, else of the text's first-line `lang: TAG` hint (none
  /// when the language has none): the typography the reader lays the text out with.
  func applyingTypesetting(to profile: Profile, text: String) throws(CLIError) -> Profile {
    var profile = profile
    profile.typography = try TypesetSetup.typography(of: profile, choice: typography)
    guard let language = language ?? HyphenationDictionaries.languageHint(in: text) else { return profile }
    profile.typography.hyphenationDictionary = HyphenationDictionaries.path(forLanguage: language)
    return profile
  }

  /// `--offset` past the end of the text (`units` UTF-16 units) is a usage error, not a place
  /// clamped without a word: the run would start somewhere the user did not ask for.
  func checkOffset(textUnits units: Int, name: String) throws(CLIError) {
    guard offset > units else { return }
    throw .usage(
      "--offset: expected a UTF-16 offset from 0 to \(units) (the length of \(InputText.name(name))), found \(offset)")
  }

  /// `checkOffset(textUnits:name:)` for a text. Offset 0 is in every text, so the default asks
  /// for no count: the UTF-16 count of a long non-ASCII text builds its breadcrumbs (1.9 M
  /// instructions for the sample chapter, 2 % of a default `run`).
  func checkOffset(text: String, name: String) throws(CLIError) {
    guard offset > 0 else { return }
    try checkOffset(textUnits: text.utf16.count, name: name)
  }

  /// `--offset` past a PDF's last page (the place is a page index) is a usage error too.
  func checkOffset(pages: Int, name: String) throws(CLIError) {
    guard offset >= pages else { return }
    throw .usage(
      "--offset: expected a page index from 0 to \(pages - 1) (the pages of \(InputText.name(name))), found \(offset)")
  }

  /// Loads the text and analyses it with the profile's typography (`--typography`, `--lang`).
  func loadDocument(profile: Profile, context: CommandContext) throws(CLIError) -> ReaderDocument {
    let file = try TextFile.read(resolvedTextPath(context), limit: context.readLimits[.text])
    try checkOffset(text: file.text, name: resolvedTextPath(context))
    if let warning = file.warning { context.stderr.line("hingesim: warning: \(warning)") }
    let profile = try applyingTypesetting(to: profile, text: file.text)
    do {
      return try ReaderDocument(text: file.text, profile: profile)
    } catch {
      throw CLIError(readerError: error)
    }
  }
}
