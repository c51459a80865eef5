import EventStream
import Platform
import Shots
import TestSupport
import Testing

/// `hingesim shots compare` on folders written here (pictures by libpng, indexes by
/// `ShotRecord`): verdicts, exit codes, the sheet, and every kind of bad input.
@Suite struct ShotsCommandTests {
  static let paper = PNGImage.Pixel(red: 250, green: 248, blue: 240)
  static let ink = PNGImage.Pixel(red: 20, green: 20, blue: 30)
  /// A 60 × 40 frame with a vertical fold at x 28–31.
  static let fold = Rect(x: 28, y: 0, width: 4, height: 40)

  static func page(width: Int = 60, mark: (Int, Int)? = nil) -> PNGImage {
    var image = PNGImage(width: width, height: 40, fill: paper)
    for x in 4..<20 { image[x, 6] = ink }
    if let mark { image[mark.0, mark.1] = ink }
    return image
  }

  /// A folder of three pictures: closed (no fold), book and openWide (with the fold).
  static func folder(
    _ name: String, in root: String, pictures: [String: [UInt8]] = [:], records: [ShotRecord]? = nil
  ) throws -> String {
    let directory = root + "/" + name
    #expect(WholeFile.makeDirectories(directory))
    let records =
      records ?? [
        ShotRecord(
          file: "001-200ms.png", timeMs: 200, pose: "closed", width: 60, height: 40, textSize: "large", fold: nil,
          caption: "closed"),
        ShotRecord(
          file: "002-1220ms.png", timeMs: 1220, pose: "book", width: 60, height: 40, textSize: "large", fold: fold,
          foldActive: true, caption: "book"),
        ShotRecord(
          file: "003-2300ms.png", timeMs: 2300, pose: "openWide", width: 60, height: 40, textSize: "large", fold: fold,
          caption: "openWide"),
      ]
    let index = records.map { String(decoding: $0.jsonLine, as: UTF8.self) }.joined(separator: "\n") + "\n"
    #expect(WholeFile.replace(directory + "/shots.jsonl", with: Array(index.utf8)))
    for record in records {
      let bytes = try pictures[record.file] ?? page().encoded()
      #expect(WholeFile.replace(directory + "/" + record.file, with: bytes))
    }
    return directory
  }

  static func compare(_ root: String, _ extra: [String] = []) -> CLIResult {
    CLIHarness.run(["shots", "compare", root + "/a", root + "/b", "--out", root + "/diff"] + extra)
  }

  static func root() throws -> String { try #require(POSIX.temporaryDirectory(prefix: "hingesim-shots-cli")) }

  @Test func identicalFoldersPass() throws {
    let root = try Self.root()
    defer { Directory.removeTree(root) }
    _ = try Self.folder("a", in: root)
    _ = try Self.folder("b", in: root)
    let result = Self.compare(root)
    #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("3 pair(s) by layout and time"))
    #expect(result.stdout.split(separator: "\n").filter { $0.hasSuffix("same") }.count == 3, "\(result.stdout)")
    #expect(result.stdout.contains("ok    0 of 3 pair(s) past the threshold"))
    #expect(POSIX.exists(root + "/diff/index.html"))
  }

  /// A pixel in the fold on the book picture, one outside on the openWide one: both fail at
  /// the default threshold; at 1 % only the fold's remains (1 of 2400 pixels is 0.04 %).
  @Test func changesInAndOutsideTheFold() throws {
    let root = try Self.root()
    defer { Directory.removeTree(root) }
    _ = try Self.folder("a", in: root)
    _ = try Self.folder(
      "b", in: root,
      pictures: [
        "002-1220ms.png": try Self.page(mark: (29, 30)).encoded(),
        "003-2300ms.png": try Self.page(mark: (50, 30)).encoded(),
      ])
    let result = Self.compare(root)
    #expect(result.code == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("   1  closed 60×40 large (1)") && $0.hasSuffix("same") }, "\(result.stdout)")
    #expect(
      lines.contains {
        $0.hasPrefix("   2  book 60×40 large (1)")
          && $0.hasSuffix("1 px changed (0.0417 %), 1 in the fold, within x 29–29, y 30–30  FAIL")
      }, "\(result.stdout)")
    #expect(
      lines.contains {
        $0.hasPrefix("   3  openWide 60×40 large (1)")
          && $0.hasSuffix("1 px changed (0.0417 %), none in the fold, within x 50–50, y 30–30  FAIL")
      }, "\(result.stdout)")
    #expect(lines.last?.hasPrefix("FAIL  2 of 3 pair(s) past the threshold") == true)
    // The sheet: before, after and difference of the two changed pairs, and nothing of the same one.
    for name in ["002-before.png", "002-after.png", "002-diff.png", "003-before.png", "003-after.png", "003-diff.png"] {
      #expect(POSIX.exists(root + "/diff/" + name), "\(name)")
    }
    #expect(!POSIX.exists(root + "/diff/001-diff.png"))
    let diff = try PNGImage.decode(try #require(WholeFile.read(root + "/diff/002-diff.png", limit: 1 << 20)))
    #expect(diff[29, 30] == PixelDiff.changedInFoldColour)
    let sheet = POSIX.readSmallFile(root + "/diff/index.html") ?? ""
    #expect(sheet.contains("<img src=\"002-diff.png\""))
    #expect(sheet.contains("<img src=\"003-before.png\""))

    let lenient = Self.compare(root, ["--threshold", "0.01"])
    #expect(lenient.code == 1)
    #expect(
      lenient.stdout.contains("FAIL  1 of 3 pair(s) past the threshold (over 1 % of the pixels, or any in the fold)"))
  }

  /// Different shot sets: each picture without a partner is named, exit 1; the pairs that
  /// exist are still compared.
  @Test func unmatchedPicturesAreNamed() throws {
    let root = try Self.root()
    defer { Directory.removeTree(root) }
    _ = try Self.folder("a", in: root)
    let extra = ShotRecord(
      file: "004-3000ms.png", timeMs: 3000, pose: "openWide", width: 60, height: 40, textSize: "large", fold: Self.fold,
      caption: "")
    let closed = ShotRecord(
      file: "001-200ms.png", timeMs: 200, pose: "closed", width: 60, height: 40, textSize: "large", fold: nil,
      caption: "")
    var open = extra
    (open.file, open.timeMs) = ("003-2300ms.png", 2300)
    _ = try Self.folder("b", in: root, records: [closed, open, extra])
    let result = Self.compare(root)
    #expect(result.code == 1)
    #expect(
      result.stdout.contains(
        "unmatched: \(root)/a/002-1220ms.png at 1220 ms (book 60×40 large) has no partner in \(root)/b"))
    #expect(
      result.stdout.contains(
        "unmatched: \(root)/b/004-3000ms.png at 3000 ms (openWide 60×40 large) has no partner in \(root)/a"))
    #expect(result.stdout.contains("0 of 2 pair(s) past the threshold"))
    #expect(result.stdout.contains("2 picture(s) without a partner"))
  }

  @Test func picturesOfDifferentSizesFailWithAVerdict() throws {
    let root = try Self.root()
    defer { Directory.removeTree(root) }
    _ = try Self.folder("a", in: root)
    _ = try Self.folder("b", in: root, pictures: ["003-2300ms.png": try Self.page(width: 61).encoded()])
    let result = Self.compare(root)
    #expect(result.code == 1)
    #expect(result.stdout.contains("sizes differ: 60×40 before, 61×40 after  FAIL"), "\(result.stdout)")
    #expect(POSIX.exists(root + "/diff/003-after.png"))
    #expect(!POSIX.exists(root + "/diff/003-diff.png"))
  }

  /// Not a PNG, a truncated one, one claiming 100,000 × 100,000: exit 65 naming the file,
  /// `expected a PNG, found …`.
  @Test func badPicturesAreBadData() throws {
    let good = try Self.page().encoded()
    var huge = try PNGImage(width: 1, height: 1, fill: Self.paper).encoded()
    huge.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])  // 100000 × 100000
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in huge[12..<29] {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    crc = ~crc
    huge.replaceSubrange(29..<33, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32($0))) })
    let cases: [([UInt8], String)] = [
      (Array("<!doctype html>".utf8), "expected a PNG, found 15 byte(s) without PNG's signature (they begin 3C 21 64"),
      (Array(good.prefix(good.count / 2)), "expected a PNG, found a truncated or damaged one (libpng: "),
      ([], "expected a PNG, found an empty file"),
      (huge, "expected a PNG of at most 33554432 pixels, found 100000×100000 in its header"),
    ]
    for (bytes, message) in cases {
      let root = try Self.root()
      defer { Directory.removeTree(root) }
      _ = try Self.folder("a", in: root)
      _ = try Self.folder("b", in: root, pictures: ["002-1220ms.png": bytes])
      let result = Self.compare(root)
      #expect(result.code == 65, "\(result.stderr)")
      #expect(result.stderr.contains("hingesim: \(root)/b/002-1220ms.png: \(message)"), "\(result.stderr)")
    }
  }

  @Test func missingFoldersAndUsage() throws {
    let root = try Self.root()
    defer { Directory.removeTree(root) }
    _ = try Self.folder("a", in: root)
    let missing = Self.compare(root)
    #expect(missing.code == 66)
    #expect(missing.stderr.contains("hingesim: \(root)/b: no such folder"))
    _ = try Self.folder("b", in: root)
    #expect(POSIX.remove(root + "/b/003-2300ms.png"))
    let gone = Self.compare(root)
    #expect(gone.code == 66)
    #expect(gone.stderr.contains("\(root)/b/003-2300ms.png: no such file (named in its folder's shots.jsonl)"))
    #expect(Self.compare(root, ["--threshold", "2"]).code == 64)
    #expect(Self.compare(root, ["--threshold", "-0.1"]).code == 64)
    #expect(CLIHarness.run(["shots", "compare", root + "/a"]).code == 64)
    #expect(CLIHarness.run(["shots", "diff", root + "/a", root + "/b"]).code == 64)
    // The sheet never lands in a folder of screenshots (its index.html is the web sheet).
    let into = CLIHarness.run(["shots", "compare", root + "/a", root + "/b", "--out", root + "/a"])
    #expect(into.code == 64)
    #expect(into.stderr.contains("holds a shots.jsonl"))
  }
}
