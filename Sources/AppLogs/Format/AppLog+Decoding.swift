import EventStream
import Reader

extension AppLog {
  /// The fields each event type knows; any other is warned about and ignored.
  public static let knownFields: [String: Set<String>] = [
    "sync": ["scriptTime", "textLength", "textHash", "app", "clock"],
    "frame": ["width", "height"],
    "paginated": ["pageWidth", "pageHeight", "pageCount", "ms", "textSize", "cached"],
    "shown": ["offset", "pages", "ranges", "pageCount", "layout", "frames", "notes"],
    "selection": ["range"],
    "notes": ["placement"],
    "navigation": ["detail"],
    "painted": [],
  ]

  /// Reads an app log: JSON Lines, a byte order mark and CRLF accepted, blank lines and lines
  /// starting with `#` skipped.
  ///
  /// Errors (exit 65) name `file:line:column`: a line that is not a JSON object, a missing or
  /// bad field, times going backwards, no `sync` or two, sizes that are not finite and
  /// positive, offsets and ranges outside the text (`textLength`), a log of another text
  /// (the sync's `textLength` or `textHash` differ from the text's), a line longer than 1 MiB.
  /// Unknown event types and unknown fields are warnings (`warnings`): the rest of the line is
  /// used. The first `warningLimit` are listed, then one line counts the rest, so a line of a
  /// million unknown fields costs one pass and prints 21 lines.
  /// - Parameters:
  ///   - textLength: the text's length in UTF-16 units; offsets and ranges must lie in it.
  ///   - textHash: the text's `ContentHash`, compared with the sync's `textHash` when it has one.
  public static func decode(
    _ bytes: [UInt8], file: String, textLength: Int, textHash: String? = nil
  ) throws(InputError) -> AppLog {
    var decoder = AppLogDecoder(file: file, textLength: textLength)
    var start = FileBytes.hasByteOrderMark(bytes) ? FileBytes.byteOrderMark.count : 0
    var lineNumber = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      lineNumber += 1
      guard end - start <= maxLineBytes else {
        throw InputError(
          file: file, line: lineNumber, column: 0,
          message: "expected a line shorter than \(maxLineBytes) bytes, found a longer one (is this a binary file?)")
      }
      var last = end
      if last > start, bytes[last - 1] == 0x0D { last -= 1 }
      try decoder.line(Array(bytes[start..<last]), number: lineNumber)
      start = end + 1
    }
    guard let sync = decoder.sync else {
      throw InputError(
        file: file, line: max(1, lineNumber), column: 1,
        message:
          "expected one 'sync' event (it ties the app's clock to the script's: {\"t\":…,\"type\":\"sync\",\"scriptTime\":0}), found none"
      )
    }
    if let length = sync.textLength, length != textLength {
      throw InputError(
        file: file, line: decoder.syncLine, column: decoder.syncColumn("textLength"),
        message: "expected textLength \(textLength) (the text being checked), found \(length): a log of another text")
    }
    if let hash = sync.textHash, let textHash, hash != textHash {
      throw InputError(
        file: file, line: decoder.syncLine, column: decoder.syncColumn("textHash"),
        message:
          "expected textHash \(textHash) (the text being checked), found \(InputText.excerpt(hash)): a log of another text"
      )
    }
    var warnings = decoder.warnings
    if decoder.unlisted > 0 {
      warnings.append(
        "\(InputText.name(file)): warning: \(decoder.unlisted) more unknown fields and event types not listed")
    }
    return AppLog(file: file, entries: decoder.entries, sync: sync, warnings: warnings)
  }

  /// The longest line a log may hold, as every line-based reader (`LineReader.maxLineBytes`).
  public static let maxLineBytes = 1 << 20

  /// Warnings listed before the rest are only counted.
  public static let warningLimit = 20
}

/// The line-by-line state of `AppLog.decode`.
struct AppLogDecoder {
  let file: String
  let textLength: Int
  var entries: [AppLog.Entry] = []
  var sync: AppLog.Sync?
  var syncLine = 0
  var syncBytes: [UInt8] = []
  var warnings: [String] = []
  /// Warnings past `AppLog.warningLimit`, counted.
  var unlisted = 0
  private var previousTime: (t: Double, line: Int)?
  private var warnedFields: Set<String> = []

  init(file: String, textLength: Int) {
    self.file = file
    self.textLength = textLength
  }

  /// Lists a warning, or counts it once `AppLog.warningLimit` are listed.
  private mutating func warn(_ message: (AppLogLine) -> String, on line: AppLogLine) {
    guard warnings.count < AppLog.warningLimit else {
      unlisted += 1
      return
    }
    warnings.append(message(line))
  }

  func syncColumn(_ key: String) -> Int { AppLogLine(bytes: syncBytes, number: syncLine, file: file).column(of: key) }

  mutating func line(_ bytes: [UInt8], number: Int) throws(InputError) {
    let line = AppLogLine(bytes: bytes, number: number, file: file)
    guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), bytes[first] != UInt8(ascii: "#") else {
      return
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      throw line.error(atByte: error.offset, "expected \(error.expected), found \(line.found(atByte: error.offset))")
    }
    guard case .object(let fields) = value else {
      throw line.error(column: 1, "expected a JSON object, found \(value.found)")
    }
    let t = try line.number(value, "t", finite: true, minimum: 0)
    guard case .string(let type)? = value["type"] else {
      throw line.error(
        column: line.column(of: "type"), "expected a string for 'type', found \(value["type"]?.found ?? "nothing")")
    }
    guard let known = AppLog.knownFields[type] else {
      warn(
        {
          "\(InputText.name($0.file)):\($0.number):\($0.column(of: "type")): warning: unknown event type '\(InputText.excerpt(type))', line ignored"
        }, on: line)
      return
    }
    if let previous = previousTime, t < previous.t {
      throw line.error(
        column: line.column(of: "t"),
        "expected a time no earlier than \(NumberFormat.ms(previous.t)) ms (line \(previous.line)), found \(NumberFormat.ms(t)): times must not go backwards"
      )
    }
    previousTime = (t, number)
    for (key, _) in fields where key != "t" && key != "type" && !known.contains(key) {
      guard warnedFields.insert(type + "." + key).inserted else { continue }
      // The column is looked for only for a warning that is listed: finding it scans the line.
      warn(
        {
          "\(InputText.name($0.file)):\($0.number):\($0.column(of: key)): warning: unknown field '\(InputText.excerpt(key))' in '\(type)', ignored"
        }, on: line)
    }
    let kind = try AppLogFields(line: line, value: value, textLength: textLength).kind(type)
    if case .sync(var s) = kind {
      guard sync == nil else {
        throw line.error(
          column: line.column(of: "type"), "expected one 'sync' event, found a second (line \(syncLine) has the first)")
      }
      s.appTime = t
      sync = s
      syncLine = number
      syncBytes = bytes
      return
    }
    entries.append(AppLog.Entry(line: number, appTime: t, kind: kind))
  }
}
