import EventStream
import Platform
import Reader
import Simulator
import Typesetter

/// `hingesim bench typeset`: Typesetter cold and warm pagination times against Pango in the same
/// run, with page-count and line-start agreement (hyphenation off), and peak memory for the novel.
public enum TypesetBenchmark {
  /// What the benchmark runs, and the typography and fonts it runs with.
  public struct Settings {
    /// Runs per figure (the median is reported).
    public var runs: Int
    /// Leaves Pango out (no build, no comparison).
    public var skipPango: Bool
    /// The texts to paginate; empty is the bundled sample chapter, the shared corpus excerpt, the
    /// novel and a second novel (`adventures-of-sherlock-holmes.txt`, skipped when absent).
    public var texts: [String]
    /// The directory holding `texts/`; the shared corpus and Pango reference sit in `../shared`.
    public var resourceRoot: String
    /// The profile's typography (text styles per size).
    public var typography: Profile.Typography
    /// The font's file, printed and handed to Pango.
    public var fontPath: String
    /// The font.
    public var font: Font
    /// The font for glyphs the font lacks.
    public var fallback: Font?
    /// The hyphenation patterns; the benchmark refuses to run without them.
    public var hyphenator: Hyphenator?
    /// The hyphenation dictionary's file, named when the patterns are missing.
    public var dictionaryPath: String?

    /// Makes settings.
    public init(
      runs: Int = 5, skipPango: Bool = false, texts: [String] = [], resourceRoot: String,
      typography: Profile.Typography, fontPath: String, font: Font, fallback: Font?,
      hyphenator: Hyphenator?, dictionaryPath: String?
    ) {
      self.runs = runs
      self.skipPango = skipPango
      self.texts = texts
      self.resourceRoot = resourceRoot
      self.typography = typography
      self.fontPath = fontPath
      self.font = font
      self.fallback = fallback
      self.hyphenator = hyphenator
      self.dictionaryPath = dictionaryPath
    }
  }

  /// The page sizes benchmarked: the closed page and one page of the open spread.
  static let pageSizes: [(name: String, width: Double, height: Double)] = [
    ("closed", 342, 580), ("open", 331.5, 571),
  ]
  /// The text sizes benchmarked.
  static let categories: [TextSize] = [.large, .AX5]

  /// One benchmark row's figures.
  struct Row {
    var cold = Double.nan
    var warm = Double.nan
    var pango = Double.nan
    var pages = 0
    var pagesNoHyphen = 0
    var pangoPages = -1
    var shared = Double.nan
  }

  /// Runs the benchmark and prints its figures to `out`; `readText` reads a text file (and
  /// reports what it had to repair).
  public static func run(
    _ settings: Settings, out: OutputFile, readText: (String) throws(BenchmarkError) -> String
  ) throws(BenchmarkError) {
    let runs = settings.runs
    let root = settings.resourceRoot
    let shared = root + "/../shared"
    var texts: [(name: String, path: String)] = []
    if settings.texts.isEmpty {
      texts = [
        ("sample-chapter", root + "/texts/sample-chapter.txt"),
        ("excerpt-44k", shared + "/corpus/pride-and-prejudice-excerpt-44k.txt"),
        ("novel", shared + "/corpus/pride-and-prejudice.txt"),
        ("second-novel", shared + "/corpus/adventures-of-sherlock-holmes.txt"),
      ]
    } else {
      texts = settings.texts.map { ($0, $0) }
    }
    let typography = settings.typography
    guard settings.hyphenator != nil else {
      // Times are for hyphenation on: without patterns they would silently measure something else.
      throw BenchmarkError(
        "\(settings.dictionaryPath ?? "the profile"): cannot load the hyphenation patterns "
          + "(install hyphen-en-us)", kind: .noInput)
    }

    out.line("hingesim bench typeset — medians of \(runs) runs; font \(settings.fontPath)")
    out.line(
      "cold = TextLayout(text:) + paginate (breaks, shaping, lines, pages); warm = paginate at a "
        + "new page size on a built layout; hyphenation on (0.7) for times")
    var pango: String?
    if settings.skipPango {
      out.line("pango: skipped (--no-pango)")
    } else {
      pango = buildPango(source: shared + "/reference/pango-paginate.c", out: out)
    }
    out.flush()
    var novelPath: String?
    var targets = TypesetTargets()
    for (name, path) in texts {
      guard POSIX.isReadable(path) else {
        out.line("\n\(name): \(path) not present, skipped")
        continue
      }
      let text = try readText(path)
      if name == "novel" { novelPath = path }
      out.line("\n\(name): \(path) (\(text.utf16.count) UTF-16 units)")
      out.line(
        "  page          size   cold ms   warm ms  pango ms   cold ×   warm ×  pages (hyph on)  "
          + "pages hyph off / pango  Pango line starts shared")
      let warmLayout = TextLayout(
        text: text, font: settings.font, fallback: settings.fallback, hyphenator: settings.hyphenator)
      for category in categories {
        for (index, size) in pageSizes.enumerated() {
          let other = pageSizes[(index + 1) % pageSizes.count]
          var row = Row()
          var style = typography.style(for: category)
          var colds: [Double] = []
          var pages = 0
          for _ in 0..<runs {
            let (ms, count) = MonotonicClock.measure {
              let layout = TextLayout(
                text: text, font: settings.font, fallback: settings.fallback,
                hyphenator: settings.hyphenator)
              return layout.paginate(width: size.width, height: size.height, style: style).pageCount
            }
            colds.append(ms)
            pages = count
          }
          row.cold = BenchmarkFigures.median(colds)
          row.pages = pages
          var warms: [Double] = []
          for _ in 0..<runs {
            _ = warmLayout.paginate(width: other.width, height: other.height, style: style)
            let (ms, _) = MonotonicClock.measure {
              warmLayout.paginate(width: size.width, height: size.height, style: style)
            }
            warms.append(ms)
          }
          row.warm = BenchmarkFigures.median(warms)
          style.hyphenationFactor = 0
          let plain = warmLayout.paginate(width: size.width, height: size.height, style: style)
          row.pagesNoHyphen = plain.pageCount
          if let pango,
            let result = runPango(
              pango, path: path, width: size.width, height: size.height, style: style,
              font: settings.fontPath, runs: runs)
          {
            row.pango = result.ms
            row.pangoPages = result.pages
            let ours = Set(plain.lineStarts)
            let found = result.lineStarts.reduce(0) { $0 + (ours.contains($1) ? 1 : 0) }
            row.shared =
              result.lineStarts.isEmpty ? .nan : Double(found) / Double(result.lineStarts.count)
          }
          printRow(out, size: size, category: category, row: row)
          targets.rows.append((name, category == .large, row))
          out.flush()
        }
      }
    }
    if let novelPath { targets.novelPeakMB = reportMemory(out, novel: novelPath) }
    out.line("")
    for line in targets.verdicts() { out.line(line) }
  }

  /// Prints one row of the table.
  static func printRow(
    _ out: OutputFile, size: (name: String, width: Double, height: Double),
    category: TextSize, row: Row
  ) {
    func f(_ v: Double, _ width: Int, _ digits: Int = 2) -> String {
      BenchmarkFigures.pad(v.isFinite ? BenchmarkFigures.fixed(v, digits) : "–", width)
    }
    let pageText =
      "\(size.name) \(BenchmarkFigures.shortest(size.width))×\(BenchmarkFigures.shortest(size.height))"
    var line = "  " + pageText + String(repeating: " ", count: max(1, 14 - pageText.count))
    line += BenchmarkFigures.pad(category.rawValue, 5)
    line += f(row.cold, 10) + f(row.warm, 10, 3) + f(row.pango, 10, 1)
    line += f(row.pango / row.cold, 8, 1) + f(row.pango / row.warm, 9, 0)
    line += BenchmarkFigures.pad(row.pages, 17)
    let pangoPages = row.pangoPages >= 0 ? "\(row.pangoPages)" : "–"
    line += BenchmarkFigures.pad("\(row.pagesNoHyphen) / \(pangoPages)", 24)
    line += BenchmarkFigures.pad(row.shared.isFinite ? BenchmarkFigures.fixed(row.shared * 100, 3) + " %" : "–", 27)
    out.line(line)
  }

  /// Builds pango-paginate into `directory` (nil: a new temporary one); nil (with the reason
  /// printed) when the source is absent or `cc`/pangoft2 cannot build it.
  static func buildPango(source: String, into directory: String? = nil, out: OutputFile) -> String? {
    guard POSIX.isReadable(source) else {
      out.line("pango: \(source) not present, Pango comparison skipped")
      return nil
    }
    guard let dir = directory ?? POSIX.temporaryDirectory(prefix: "hingesim-bench") else {
      out.line("pango: cannot make a temporary directory, comparison skipped")
      return nil
    }
    let binary = dir + "/pango-paginate"
    let command =
      "cc -O2 -o '\(binary)' '\(source)' $(pkg-config --cflags --libs pangoft2) 2>&1"
    guard let result = Subprocess.run(["/bin/sh", "-c", command]), result.status == 0 else {
      out.line("pango: cannot build \(source) (needs cc and libpango1.0-dev), comparison skipped")
      return nil
    }
    out.line("pango: built \(binary) from \(source)")
    return binary
  }

  /// Runs pango-paginate with the same text, font, size, page and spacing.
  static func runPango(
    _ binary: String, path: String, width: Double, height: Double, style: TextStyle, font: String,
    runs: Int
  ) -> (ms: Double, pages: Int, lineStarts: [Int])? {
    let argv = [
      binary, path, "\(width)", "\(height)", "--font-file", font, "--family", "Inter",
      "--size", "\(style.pointSize)", "--line-height", "\(style.lineHeight)",
      "--line-spacing", "\(style.lineSpacing)", "--paragraph-spacing", "\(style.paragraphSpacing)",
      "--repeat", "\(runs)", "--lines",
    ]
    guard let result = Subprocess.run(argv), result.status == 0 else { return nil }
    let json = result.output
    guard let ms = number(json, "median_ms"), let pages = number(json, "pages") else { return nil }
    return (ms, Int(pages), integers(json, "line_starts"))
  }

  /// The number after `"key":` in a flat JSON object.
  static func number(_ json: String, _ key: String) -> Double? {
    guard let start = end(of: "\"\(key)\":", in: json) else { return nil }
    let rest = json[start...].prefix { "0123456789.-eE+".contains($0) }
    return Double(rest)
  }

  /// The index just after the first occurrence of `needle` in `text`.
  static func end(of needle: String, in text: String) -> String.Index? {
    let pattern = Array(needle.utf8)
    let bytes = text.utf8
    var index = bytes.startIndex
    while index != bytes.endIndex {
      var probe = index
      var k = 0
      while k < pattern.count && probe != bytes.endIndex && bytes[probe] == pattern[k] {
        probe = bytes.index(after: probe)
        k += 1
      }
      if k == pattern.count { return probe }
      index = bytes.index(after: index)
    }
    return nil
  }

  /// The integers of `"key":[…]` in a flat JSON object.
  static func integers(_ json: String, _ key: String) -> [Int] {
    guard let start = end(of: "\"\(key)\":[", in: json) else { return [] }
    var values: [Int] = []
    var current = 0
    var inNumber = false
    for byte in json[start...].utf8 {
      if byte >= 48 && byte <= 57 {
        current = current * 10 + Int(byte - 48)
        inNumber = true
      } else {
        if inNumber { values.append(current) }
        current = 0
        inNumber = false
        if byte == UInt8(ascii: "]") { break }
      }
    }
    return values
  }

  /// Runs `hingesim paginate` on the novel in a child process, prints its peak RSS and returns it
  /// (MB; nil when it could not run).
  static func reportMemory(_ out: OutputFile, novel: String) -> Double? {
    let exe = Process.executablePath
    guard !exe.isEmpty else { return nil }
    guard
      let result = Subprocess.run([exe, "paginate", novel, "--width", "342", "--height", "580"]),
      result.status == 0
    else {
      out.line("\nmemory: could not run \(exe) paginate")
      return nil
    }
    let mb = Double(result.maxRSSKilobytes) / 1024
    out.line(
      "\nmemory: `hingesim paginate` of the novel (342 × 580, Large): peak RSS \(BenchmarkFigures.fixed(mb, 1)) MB")
    return mb
  }
}
