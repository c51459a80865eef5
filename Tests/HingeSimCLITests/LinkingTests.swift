import Platform
import TestSupport
import Testing

/// `hingesim` maps only the libraries every command needs; the others are opened by the command
/// that uses them, and one that cannot be loaded is exit 69 naming it and its Debian package.
@Suite("Linking", .serialized)
struct LinkingTests {
  static let binary = TestSupport.packageRoot + "/.build/debug/hingesim"

  /// The libraries every command needs: the C library and the Swift runtime (with the C++
  /// runtime the Swift runtime uses).
  static func isRuntime(_ name: String) -> Bool {
    let prefixes = [
      "linux-vdso.so", "ld-linux", "libc.so", "libm.so", "libpthread.so", "libdl.so", "libutil.so", "librt.so",
      "libswift", "libdispatch.so", "libBlocksRuntime.so", "libstdc++.so", "libgcc_s.so",
    ]
    let base = name.split(separator: "/").last.map(String.init) ?? name
    return prefixes.contains { base.hasPrefix($0) }
  }

  /// Runs `hingesim ARGUMENTS` with `LD_LIBRARY_PATH` set to a directory whose `libraries` are
  /// not libraries (the loader finds them first and fails): (exit status, stdout and stderr).
  static func run(_ arguments: String, brokenLibraries libraries: [String]) throws -> (Int32, String) {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-linking"))
    defer { _ = Directory.removeTree(directory) }
    for library in libraries { #expect(WholeFile.replace(directory + "/" + library, with: Array("no ELF\n".utf8))) }
    let command = "cd \(TestSupport.packageRoot) && LD_LIBRARY_PATH=\(directory) \(binary) \(arguments) 2>&1"
    let result = try #require(Subprocess.run(["/bin/sh", "-c", command]))
    return (result.status, result.output)
  }

  static let optional = [
    "libharfbuzz.so.0", "libfribidi.so.0", "libunibreak.so.1", "libfontconfig.so.1", "libhyphen.so.0",
    "libpoppler-glib.so.8", "libevdev.so.2", "libpng16.so.16",
  ]

  @Test("ldd lists the C and Swift runtimes only: no HarfBuzz, poppler, GLib, cairo or libevdev")
  func lddListsTheRuntimeOnly() throws {
    try #require(POSIX.isRegularFile(Self.binary))
    let result = try #require(Subprocess.run(["ldd", Self.binary]))
    #expect(result.status == 0)
    let libraries = result.output.split(separator: "\n").compactMap {
      $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    }
    #expect(libraries.contains { $0.hasPrefix("libc.so") })
    #expect(libraries.filter { !Self.isRuntime($0) } == [])
  }

  @Test("without any optional library: --version and simulate work")
  func commandsThatNeedNoneRun() throws {
    let (version, text) = try Self.run("--version", brokenLibraries: Self.optional)
    #expect(version == 0)
    #expect(text.hasPrefix("hingesim "))
    let (simulate, stream) = try Self.run("simulate traces/open-wide.jsonl", brokenLibraries: Self.optional)
    #expect(simulate == 0)
    #expect(stream.contains("\"type\":\"settled\""))
  }

  @Test("paginate without HarfBuzz: exit 69 naming libharfbuzz.so.0 and libharfbuzz0b")
  func paginateWithoutHarfBuzz() throws {
    let (status, text) = try Self.run(
      "paginate texts/sample-chapter.txt --width 342 --height 580", brokenLibraries: ["libharfbuzz.so.0"])
    #expect(status == 69)
    #expect(text.contains("hingesim: the typesetter cannot load libharfbuzz.so.0 (Debian package libharfbuzz0b)"))
  }

  @Test("run of a text without HarfBuzz: exit 69 naming it (the reader's document), not 66")
  func runWithoutHarfBuzz() throws {
    let (status, text) = try Self.run("run traces/default.hinge --compute-ms 1", brokenLibraries: ["libharfbuzz.so.0"])
    #expect(status == 69)
    #expect(text.contains("hingesim: the typesetter cannot load libharfbuzz.so.0 (Debian package libharfbuzz0b)"))
  }

  @Test("run --pdf without poppler-glib: exit 69 naming it; the text reader does not need it")
  func pdfWithoutPoppler() throws {
    let (status, text) = try Self.run(
      "run traces/default.hinge --pdf texts/pdf-sample.pdf --compute-ms 1", brokenLibraries: ["libpoppler-glib.so.8"])
    #expect(status == 69)
    #expect(
      text.contains("hingesim: the PDF reader cannot load libpoppler-glib.so.8 (Debian package libpoppler-glib8)"))
    let (textRun, _) = try Self.run(
      "run traces/default.hinge --compute-ms 1", brokenLibraries: ["libpoppler-glib.so.8", "libevdev.so.2"])
    #expect(textRun == 0)
  }

  @Test("a knob without libevdev: exit 69 naming it; hyphenation without libhyphen: exit 69")
  func knobAndHyphenation() throws {
    let (knob, knobText) = try Self.run("knob --device /dev/null", brokenLibraries: ["libevdev.so.2"])
    #expect(knob == 69)
    #expect(knobText.contains("hingesim: the knob reader cannot load libevdev.so.2 (Debian package libevdev2)"))
    let (paginate, paginateText) = try Self.run(
      "paginate texts/sample-chapter.txt --width 342 --height 580", brokenLibraries: ["libhyphen.so.0"])
    #expect(paginate == 69)
    #expect(paginateText.contains("cannot load libhyphen.so.0 (Debian package libhyphen0)"))
    let (unhyphenated, _) = try Self.run(
      "paginate texts/sample-chapter.txt --width 342 --height 580 --lang xx", brokenLibraries: ["libhyphen.so.0"])
    #expect(unhyphenated == 0)
  }

  @Test("shots compare without libpng: exit 69 naming libpng16.so.16 and libpng16-16")
  func shotsWithoutLibpng() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-linking-shots"))
    defer { _ = Directory.removeTree(directory) }
    let line = "{\"file\":\"1.png\",\"t\":0,\"pose\":\"closed\",\"width\":1,\"height\":1,\"textSize\":\"large\"}\n"
    for side in ["a", "b"] {
      #expect(WholeFile.makeDirectories(directory + "/" + side))
      #expect(WholeFile.replace(directory + "/\(side)/shots.jsonl", with: Array(line.utf8)))
      #expect(WholeFile.replace(directory + "/\(side)/1.png", with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }
    let (status, text) = try Self.run(
      "shots compare \(directory)/a \(directory)/b --out \(directory)/diff", brokenLibraries: ["libpng16.so.16"])
    #expect(status == 69)
    #expect(text.contains("\(directory)/a/1.png: cannot load libpng16.so.16 (Debian package libpng16-16)"), "\(text)")
  }
}
