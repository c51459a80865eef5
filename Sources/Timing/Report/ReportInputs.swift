import EventStream

/// What a latency report measured: the profile, the text, where reading starts, the settle
/// window, the compute cost model, pre-pagination, the clock, the replay window and every
/// source, each identified by a content hash (`ContentHash`, FNV-1a — an identity check, not a
/// security one). Two reports compare only when these are the same
/// (`ReportInputs.differences(base:new:)`); names and paths are for people and never decide.
///
/// ```swift
/// let inputs = ReportInputs(
///   profile: .init(name: "iphone-duo", hash: "…"), text: .init(name: "texts/sample-chapter.txt",
///   utf16Length: 44_509, hash: "…"), settleWindowMs: 200, computeModel: "fixed:5",
///   sources: [.init(path: "traces/default.hinge", hash: "…")])
/// ReportInputs.differences(base: inputs, new: inputs)   // []
/// ```
public struct ReportInputs: Sendable, Equatable {
  /// The device profile: its name and the hash of its canonical content (the document with
  /// its `base` merged in, keys sorted, whitespace and number spelling normalised), so a
  /// reformatted file is the same profile and a changed number or base is not.
  public struct Profile: Sendable, Equatable {
    /// The profile's `name`.
    public var name: String
    /// `ContentHash` of the canonical document, 16 hex digits.
    public var hash: String

    /// Makes a profile identity.
    public init(name: String, hash: String) {
      self.name = name
      self.hash = hash
    }
  }

  /// The text the reader paginated: its file name, length and the hash of the decoded text's
  /// UTF-8 (what was paginated: a byte order mark dropped, invalid UTF-8 replaced).
  public struct Text: Sendable, Equatable {
    /// The file as given (`texts/sample-chapter.txt` for the bundled default).
    public var name: String
    /// UTF-16 units (the unit of offsets).
    public var utf16Length: Int
    /// `ContentHash` of the text's UTF-8, 16 hex digits.
    public var hash: String

    /// Makes a text identity.
    public init(name: String, utf16Length: Int, hash: String) {
      self.name = name
      self.utf16Length = utf16Length
      self.hash = hash
    }
  }

  /// One SOURCE: its path as given (bundled scenarios relative to the repository) and the
  /// hash of its bytes.
  public struct Source: Sendable, Equatable {
    /// The path (`-` for stdin).
    public var path: String
    /// `ContentHash` of the file's bytes; nil when stdin or a pipe was not read to its end
    /// (`--to`, `--max-events`), so its content is not known.
    public var hash: String?

    /// Makes a source identity.
    public init(path: String, hash: String?) {
      self.path = path
      self.hash = hash
    }
  }

  /// How the reader read the text, besides the text, the place and the cost model: whether
  /// it paginated one chapter at a time (`--chapters`), the order its pages ran in (`--direction`,
  /// `auto` resolved against the text) and the hyphenation patterns it broke words with (the
  /// dictionary's file name, from `--lang`, the text's hint or the profile; nil for none). The
  /// typography (`--typography`) is part of the profile's content.
  public struct Reader: Sendable, Equatable {
    /// `--chapters`.
    public var chapters: Bool
    /// `ltr` or `rtl`.
    public var direction: String
    /// The hyphenation dictionary's file name (`hyph_en_US.dic`), nil for none.
    public var hyphenation: String?

    /// Makes a reader identity.
    public init(chapters: Bool = false, direction: String = "ltr", hyphenation: String? = nil) {
      self.chapters = chapters
      self.direction = direction
      self.hyphenation = hyphenation
    }
  }

  /// Which clock the latencies were measured on.
  public enum Clock: String, Sendable, CaseIterable {
    /// The trace's own times (the default; reproducible).
    case virtual
    /// Wall-clock pace, measured on the monotonic clock (`--realtime`); an app's own clock
    /// (`report --app`, a browser under `web --clock real`).
    case realtime
    /// The stream's time, moved by the driver: a browser page whose timers ran on it
    /// (`web --clock stream`); its durations are the page's timers, not its work.
    case stream
  }

  /// The device profile.
  public var profile: Profile
  /// The text.
  public var text: Text
  /// The reader's starting place, UTF-16 offset.
  public var offset: Int
  /// The settle window in force, ms: `--settle-ms`, else the profile's.
  public var settleWindowMs: Double
  /// The compute cost model's name (`thread-cpu`, `fixed:5`, `device`, `device:low`, …).
  public var computeModel: String
  /// Whether every pose's page size was paginated in the background.
  public var prepaginate: Bool
  /// How the reader read (chapters, direction, hyphenation); nil in a report written before
  /// reports said it.
  public var reader: Reader?
  /// Virtual or real time.
  public var clock: Clock
  /// The real-time speed factor (1 in virtual time).
  public var speed: Double
  /// `--from`, ms; nil for the start of each source.
  public var fromMs: Double?
  /// `--to`, ms; nil for the end of each source.
  public var toMs: Double?
  /// Every source, in argument order.
  public var sources: [Source]

  /// Makes the inputs of a report.
  public init(
    profile: Profile, text: Text, offset: Int = 0, settleWindowMs: Double, computeModel: String,
    prepaginate: Bool = false, reader: Reader? = Reader(), clock: Clock = .virtual, speed: Double = 1,
    fromMs: Double? = nil, toMs: Double? = nil, sources: [Source]
  ) {
    self.reader = reader
    self.profile = profile
    self.text = text
    self.offset = offset
    self.settleWindowMs = settleWindowMs
    self.computeModel = computeModel
    self.prepaginate = prepaginate
    self.clock = clock
    self.speed = speed
    self.fromMs = fromMs
    self.toMs = toMs
    self.sources = sources
  }
}

// MARK: - JSON

extension ReportInputs {
  /// Writes the `inputs` object's members.
  func write(into w: inout JSONObjectWriter) {
    w.openObject("profile")
    w.field("name", profile.name)
    w.field("hash", profile.hash)
    w.close()
    w.openObject("text")
    w.field("name", text.name)
    w.field("utf16Length", text.utf16Length)
    w.field("hash", text.hash)
    w.close()
    w.field("offset", offset)
    w.field("settleWindowMs", settleWindowMs)
    w.field("computeModel", computeModel)
    w.field("prepaginate", prepaginate)
    if let reader {
      w.openObject("reader")
      w.field("chapters", reader.chapters)
      w.field("direction", reader.direction)
      if let hyphenation = reader.hyphenation { w.field("hyphenation", hyphenation) } else { w.null("hyphenation") }
      w.close()
    }
    w.field("clock", clock.rawValue)
    w.field("speed", speed)
    w.field("fromMs", fromMs)
    w.field("toMs", toMs)
    w.openArray("sources")
    for source in sources {
      w.openElement()
      w.field("path", source.path)
      if let hash = source.hash { w.field("hash", hash) } else { w.null("hash") }
      w.close()
    }
    w.closeArray()
  }

  /// Reads an `inputs` object; every member is required.
  init(_ f: ReportFields) throws(ReportDecodingError) {
    let profile = try f.object("profile")
    let text = try f.object("text")
    let clockName = try f.string("clock")
    guard let clock = Clock(rawValue: clockName) else {
      throw ReportDecodingError(
        "expected \(Clock.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")), found \(JSONValue.string(clockName).found)",
        at: f.path("clock"))
    }
    var sources: [Source] = []
    for s in try f.array("sources") {
      sources.append(Source(path: try s.string("path"), hash: try Self.optionalHash(s, "hash")))
    }
    self.init(
      profile: Profile(name: try profile.string("name"), hash: try Self.hash(profile, "hash")),
      text: Text(
        name: try text.string("name"), utf16Length: try text.count("utf16Length"), hash: try Self.hash(text, "hash")),
      offset: try f.count("offset"), settleWindowMs: try f.number("settleWindowMs"),
      computeModel: try f.string("computeModel"), prepaginate: try f.bool("prepaginate"),
      reader: try Self.reader(f), clock: clock,
      speed: try f.number("speed"), fromMs: try f.optionalNumber("fromMs"), toMs: try f.optionalNumber("toMs"),
      sources: sources)
  }

  /// The `reader` object, nil when absent (a report written before reports said it).
  private static func reader(_ f: ReportFields) throws(ReportDecodingError) -> Reader? {
    guard f.value["reader"] != nil else { return nil }
    let r = try f.object("reader")
    let direction = try r.string("direction")
    guard direction == "ltr" || direction == "rtl" else {
      throw ReportDecodingError(
        "expected \"ltr\" or \"rtl\", found \(JSONValue.string(direction).found)", at: r.path("direction"))
    }
    return Reader(
      chapters: try r.bool("chapters"), direction: direction, hyphenation: try r.optionalString("hyphenation"))
  }

  /// A content hash: 16 lowercase hex digits (or null, when `optional`).
  private static func hash(_ f: ReportFields, _ key: String) throws(ReportDecodingError) -> String {
    try checkedHash(try f.string(key), f, key)
  }

  private static func optionalHash(_ f: ReportFields, _ key: String) throws(ReportDecodingError) -> String? {
    guard let value = try f.optionalString(key) else { return nil }
    return try checkedHash(value, f, key)
  }

  private static func checkedHash(_ value: String, _ f: ReportFields, _ key: String) throws(ReportDecodingError)
    -> String
  {
    guard value.utf8.count == 16, value.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else {
      throw ReportDecodingError(
        "expected a content hash (16 lowercase hex digits), found \(JSONValue.string(value).found)", at: f.path(key))
    }
    return value
  }

}
