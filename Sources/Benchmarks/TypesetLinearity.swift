import Platform

/// `hingesim bench typeset --linearity`: the typesetter's time per phase and peak memory at 1×,
/// 2× and 4× input size for four kinds of text (a novel, a run of spaces, one long word, a
/// mixed-script text), each size paginated by `hingesim paginate --json` in a child process (its
/// own peak RSS). Linear phases double their time and their memory above the process's base.
public enum TypesetLinearity {
  /// One kind of text: its name, what 1× is, and its text at a multiple of that.
  struct Case {
    var name: String
    var unit: String
    var make: (Int) -> [UInt8]
  }

  /// The figures of one child run.
  struct Figures {
    var units = 0
    var analysisMs = Double.nan
    var paginateMs = Double.nan
    var peakMB = Double.nan
    var cpuMs = Double.nan
  }

  /// Runs the cases and prints the table. `novel` and `mixed` are the novel's and the
  /// mixed-script texts' UTF-8 (nil or empty: that case is skipped, as when `../shared` is absent).
  public static func run(novel: [UInt8]?, mixed: [[UInt8]], out: OutputFile) throws(BenchmarkError) {
    let exe = Process.executablePath
    guard !exe.isEmpty, let dir = POSIX.temporaryDirectory(prefix: "hingesim-linearity") else {
      throw BenchmarkError("cannot run hingesim paginate in a child process", kind: .ioError)
    }
    var cases: [Case] = []
    if let novel {
      // The first quarter, half and whole of the novel (repeating it would repeat its words,
      // which are shaped once).
      cases.append(
        Case(name: "novel", unit: "Pride and Prejudice's first quarter") { k in
          prefix(novel, upTo: novel.count * k / 4)
        })
    } else {
      out.line("novel: ../shared/corpus/pride-and-prejudice.txt not present, skipped")
    }
    cases.append(
      Case(name: "spaces", unit: "( + 400,000 spaces + x)") { k in
        Array("(".utf8) + [UInt8](repeating: 0x20, count: 400_000 * k) + Array("x)".utf8)
      })
    cases.append(
      Case(name: "word", unit: "a 750,000-letter word") { k in
        [UInt8](repeating: UInt8(ascii: "a"), count: 750_000 * k)
      })
    if !mixed.isEmpty {
      let base = mixed.reduce([UInt8]()) { $0 + $1 }
      cases.append(Case(name: "mixed", unit: "the agreement texts ×8") { k in repeated(base, 8 * k) })
    } else {
      out.line("mixed: Tests/TypesetterTests/Agreement not present, skipped")
    }
    out.line("hingesim bench typeset --linearity — `hingesim paginate FILE --width 342 --height 580")
    out.line("--json` per size (Large, hyphenation on), one run each; CPU ms is the child's processor")
    out.line("time (all threads, startup and font loading included); × is the figure over 1×'s")
    out.line("")
    out.line(
      "  case     size  UTF-16 units  analysis ms      ×  paginate ms      ×    CPU ms      ×  peak RSS MB      ×   (1× = …)"
    )
    for c in cases {
      var first: Figures?
      for k in [1, 2, 4] {
        let path = dir + "/\(c.name)-\(k).txt"
        let file = try OutputFile.create(path: path)
        file.write(bytes: c.make(k))
        file.close()
        let figures = measure(exe, path)
        if first == nil { first = figures }
        printRow(out, c, k, figures, first!)
        out.flush()
        POSIX.remove(path)
      }
    }
    POSIX.removeDirectory(dir)
  }

  /// The bytes up to the first line feed at or after `count` (all of them when there is none).
  static func prefix(_ bytes: [UInt8], upTo count: Int) -> [UInt8] {
    var end = min(count, bytes.count)
    while end < bytes.count && bytes[end - 1] != 0x0A { end += 1 }
    return Array(bytes[..<end])
  }

  /// `bytes` `k` times over.
  static func repeated(_ bytes: [UInt8], _ k: Int) -> [UInt8] {
    var all: [UInt8] = []
    all.reserveCapacity(bytes.count * k)
    for _ in 0..<k { all += bytes }
    return all
  }

  /// Paginates one file in a child process.
  static func measure(_ exe: String, _ path: String) -> Figures {
    var figures = Figures()
    guard
      let result = Subprocess.run([exe, "paginate", path, "--width", "342", "--height", "580", "--json"]),
      result.status == 0
    else { return figures }
    let json = result.output
    figures.units = Int(TypesetBenchmark.number(json, "utf16_count") ?? -1)
    figures.analysisMs = TypesetBenchmark.number(json, "analysis_ms") ?? .nan
    figures.paginateMs = TypesetBenchmark.number(json, "paginate_ms") ?? .nan
    figures.peakMB = Double(result.maxRSSKilobytes) / 1024
    figures.cpuMs = result.cpuSeconds * 1000
    return figures
  }

  static func printRow(_ out: OutputFile, _ c: Case, _ k: Int, _ f: Figures, _ one: Figures) {
    func v(_ x: Double, _ width: Int, _ digits: Int) -> String {
      BenchmarkFigures.pad(x.isFinite ? BenchmarkFigures.fixed(x, digits) : "–", width)
    }
    var line = "  " + c.name + String(repeating: " ", count: max(1, 8 - c.name.count))
    line += BenchmarkFigures.pad("\(k)×", 5) + BenchmarkFigures.pad(f.units, 14)
    line += v(f.analysisMs, 13, 1) + v(f.analysisMs / one.analysisMs, 7, 2)
    line += v(f.paginateMs, 13, 2) + v(f.paginateMs / one.paginateMs, 7, 2)
    line += v(f.cpuMs, 10, 0) + v(f.cpuMs / one.cpuMs, 7, 2)
    line += v(f.peakMB, 13, 1) + v(f.peakMB / one.peakMB, 7, 2)
    if k == 1 { line += "   " + c.unit }
    out.line(line)
  }
}
