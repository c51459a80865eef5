import EventStream
import Platform

/// A folder of screenshots and its index, `DIR/shots.jsonl` (`ShotRecord`, one line per
/// picture in the order taken), as `hingesim web --screenshots DIR` writes them.
public struct ShotIndex: Sendable, Equatable {
  /// The folder as the user named it.
  public var directory: String
  /// The pictures in the order the index lists them.
  public var shots: [ShotRecord]

  /// The index's name in the folder.
  public static let fileName = "shots.jsonl"
  /// The largest index read (a line is about 300 bytes: some 50,000 pictures).
  public static let byteLimit = 16 << 20

  /// Makes an index.
  public init(directory: String, shots: [ShotRecord]) {
    self.directory = directory
    self.shots = shots
  }

  /// The path of `shot`'s PNG.
  public func path(of shot: ShotRecord) -> String { directory + "/" + shot.file }

  /// Reads `directory/shots.jsonl`.
  /// - Throws: `ShotsError` — `.missing` when the folder or its index is absent, `.badData`
  ///   naming the line and column of a line that is not a record, `.io` when it cannot be read.
  public static func read(_ directory: String) throws(ShotsError) -> ShotIndex {
    let shown = InputText.excerpt(directory, limit: 200)
    guard POSIX.directoryEntries(directory) != nil else {
      throw ShotsError(
        file: shown, POSIX.exists(directory) ? "expected a folder of screenshots, found a file" : "no such folder",
        kind: POSIX.exists(directory) ? .badData : .missing)
    }
    let path = directory + "/" + fileName
    let name = shown + "/" + fileName
    guard POSIX.exists(path) else {
      throw ShotsError(
        file: name, "no such file: the index 'hingesim web --screenshots DIR' writes beside the pictures",
        kind: .missing)
    }
    guard let bytes = WholeFile.read(path, limit: byteLimit) else {
      throw ShotsError(
        file: name, "cannot read it (not a regular file, unreadable, or over \(byteLimit >> 20) MiB)", kind: .io)
    }
    return ShotIndex(directory: directory, shots: try records(bytes, file: name))
  }

  /// The records of an index's bytes, one a line (blank lines skipped); `file` names it in errors.
  /// - Throws: `ShotsError.badData` naming the line (and column) of the first line that is not
  ///   a record, or a picture listed twice.
  public static func records(_ bytes: [UInt8], file name: String) throws(ShotsError) -> [ShotRecord] {
    var shots: [ShotRecord] = []
    var lineNumber = 0
    var seen: Set<String> = []
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
      let record = try parse(Array(line), file: name, line: lineNumber)
      guard seen.insert(record.file).inserted else {
        throw ShotsError(
          file: name, line: lineNumber, "expected each picture once, found '\(InputText.excerpt(record.file))' again",
          kind: .badData)
      }
      shots.append(record)
    }
    return shots
  }

  /// One line as a record.
  static func parse(_ line: [UInt8], file: String, line lineNumber: Int) throws(ShotsError) -> ShotRecord {
    let value: JSONValue
    do { value = try JSONValue.parse(line) } catch {
      throw ShotsError(
        file: file, line: lineNumber, column: error.offset + 1, "expected \(error.expected) (a shot record)",
        kind: .badData)
    }
    func fail(_ message: String) -> ShotsError { ShotsError(file: file, line: lineNumber, message, kind: .badData) }
    guard case .object = value else { throw fail("expected a shot record (a JSON object), found \(value.found)") }
    func string(_ key: String) throws(ShotsError) -> String {
      guard case .string(let text)? = value[key] else {
        throw fail("expected \"\(key)\" to be a string, found \(value[key]?.found ?? "none")")
      }
      return text
    }
    func number(_ key: String, in object: JSONValue? = nil) throws(ShotsError) -> Double {
      let holder = object ?? value
      guard case .number(let n)? = holder[key], n.isFinite, abs(n) <= 1e12 else {
        throw fail("expected \"\(key)\" to be a number, found \(holder[key]?.found ?? "none")")
      }
      return n
    }
    let file = try string("file")
    guard !file.isEmpty, !file.contains("/"), file != ".", file != ".." else {
      throw fail("expected \"file\" to be a file name in the folder, found \"\(InputText.excerpt(file))\"")
    }
    let width = try number("width")
    let height = try number("height")
    guard width > 0, height > 0 else {
      throw fail(
        "expected a frame of positive size, found \(NumberFormat.shortest(width))×\(NumberFormat.shortest(height))")
    }
    var fold: Rect?
    var active = false
    switch value["fold"] {
    case nil, .null?: break
    case .object?:
      let object = value["fold"]
      fold = Rect(
        x: try number("x", in: object), y: try number("y", in: object), width: try number("width", in: object),
        height: try number("height", in: object))
      if case .bool(let flag)? = object?["active"] { active = flag }
    case let other?: throw fail("expected \"fold\" to be an object or null, found \(other.found)")
    }
    return ShotRecord(
      file: file, timeMs: try number("t"), pose: try string("pose"), width: width, height: height,
      textSize: try string("textSize"), fold: fold, foldActive: active,
      caption: (try? string("caption")) ?? "")
  }
}
