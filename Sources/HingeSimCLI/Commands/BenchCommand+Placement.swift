import Benchmarks
import EventStream
import Platform
import Reader
import Simulator

extension BenchCommand {
  /// The text the guide's placement is compared on: the bundled 44,494-character excerpt of
  /// Pride and Prejudice (public domain), the nearest in length to the guide's unknown
  /// 44,500-character chapter. It sits with the profiles in the resource root, so an installed
  /// or copied binary finds it wherever it finds them.
  static func placementText(_ context: CommandContext) -> String {
    context.resourceRoot + "/texts/pride-and-prejudice-excerpt-44k.txt"
  }

  /// `bench placement --profile NAME --text FILE --offset N --conflict NAME=SIDE`: the place's
  /// page and the page counts per pose under both typographies (tabletop under both sides of
  /// `tabletopFold`), against the guide's.
  static func placement(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    var options = SourceOptions()
    if let name = try args.option("--profile") { options.profileName = name }
    for choice in try args.options("--conflict") { options.conflicts.append(try SourceOptions.conflict(choice)) }
    let path = try args.option("--text") ?? placementText(context)
    let offset =
      try args.int("--offset", in: 0...Int(Int32.max), what: "a UTF-16 offset") ?? PlacementBenchmark.referenceOffset
    let extra = try args.positionals()
    guard extra.isEmpty else {
      throw .usage("bench placement takes no arguments, found '\(InputText.excerpt(extra[0]))'")
    }
    let profile = try options.loadProfile(context)
    let file = try TextFile.read(path, limit: context.readLimits[.text])
    if let warning = file.warning { context.stderr.line("hingesim: warning: \(warning)") }
    let document: ReaderDocument
    do {
      document = try ReaderDocument(text: file.text, profile: profile)
    } catch {
      throw CLIError(readerError: error)
    }
    let rows = PlacementBenchmark.measure(profile: profile, layout: document.layout, offset: offset)
    let implied = PlacementBenchmark.tabletopImplied(profile: profile, layout: document.layout, rows: rows)
    // The figures under --chapters: each chapter a document of its own, as ChapterReader makes them.
    var chapters: [PlacementBenchmark.ChapterLayout] = []
    for chapter in Library(text: file.text).chapters {
      chapters.append(.init(id: chapter.id, range: chapter.range, layout: document.part(chapter.range).layout))
    }
    let chapterRows = PlacementBenchmark.chapterRows(rows, profile: profile, chapters: chapters, offset: offset)
    let root = context.resourceRoot + "/"
    let name = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    for line in PlacementBenchmark.lines(
      rows, profile: profile.name, text: name, length: document.utf16Count, offset: offset, implied: implied)
    {
      context.stdout.line(line)
    }
    for line in PlacementBenchmark.chapterLines(chapterRows, chapters: chapters) { context.stdout.line(line) }
    return .ok
  }
}
