/// Decodes JSON Lines into events.
///
/// Two dialects: an **input** trace (`hinge` is a raw sample with `angle`; only input types
/// are allowed) and a **simulator stream** (`hinge` is a delivered update; simulator output
/// types are allowed, and what the stages after the simulator wrote — the reader's output, the
/// navigation stage's re-settles — is skipped, so a `run --json` stream reads as its simulator
/// stream). Unknown fields are ignored; an
/// unknown type is an error (the caller may skip it with `--lenient`).
public struct EventDecoder: Sendable {
  /// Which dialect a stream is in.
  public enum Dialect: Sendable {
    /// Recorded or scripted inputs.
    case input
    /// The output of `hingesim simulate`.
    case simulator
  }

  /// What a line held.
  public enum Line: Sendable, Equatable {
    /// An event.
    case event(Event)
    /// A blank line or a `#` comment.
    case blank
    /// An event the dialect skips (reader output in a simulator stream).
    case skipped
  }

  /// A decoding problem at a column of the line.
  public struct Failure: Error, Sendable, Equatable {
    /// 1-based column.
    public var column: Int
    /// Expected … found ….
    public var message: String

    /// Makes a failure.
    public init(column: Int, message: String) {
      self.column = column
      self.message = message
    }
  }

  /// The dialect this decoder reads.
  public var dialect: Dialect

  /// Makes a decoder for a dialect.
  public init(dialect: Dialect) { self.dialect = dialect }

  /// Decodes one line (without its newline), the general way: every line, every error with
  /// its column. (`rawSample` reads the commonest line faster, or declines.)
  public func decode(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> Line {
    guard let base = line.baseAddress, line.count > 0 else { return .blank }
    var s = JSONScanner(base: base, count: line.count)
    s.skipWhitespace()
    guard let first = s.peek else { return .blank }
    if first == UInt8(ascii: "#") { return .blank }
    do {
      return try decodeObject(&s)
    } catch let error as Failure {
      throw error
    } catch let error as JSONSyntaxError {
      throw Failure(
        column: s.column(of: error.offset),
        message: "expected \(error.expected), found \(s.found(at: error.offset))")
    } catch {
      throw Failure(column: 1, message: "\(error)")
    }
  }

  /// The number at the cursor (`t` or `angle`), else a failure that names
  /// `field`.
  private func number(_ s: inout JSONScanner, for field: String) throws -> Double {
    let offset = s.offset
    guard let b = s.peek, b == UInt8(ascii: "-") || (b &- 0x30) < 10 else {
      throw Failure(
        column: s.column(of: offset), message: "expected a number for \(field), found \(s.found(at: offset))")
    }
    return try s.number()
  }

  private func decodeObject(_ s: inout JSONScanner) throws -> Line {
    try s.expect(UInt8(ascii: "{"), "a JSON object '{'")
    var time: Double?
    var timeOffset = 0
    var typeName: String?
    var eventType: EventType?
    var typeOffset = 0
    var angle: Double?
    var angleOffset = 0
    var fields: [(key: String, value: JSONValue, offset: Int)] = []
    if !s.consume(UInt8(ascii: "}")) {
      repeat {
        let keyOffset = s.offset
        let key = try s.rawString()
        _ = keyOffset
        try s.expect(UInt8(ascii: ":"), "':' after a key")
        s.skipWhitespace()
        let valueOffset = s.offset
        if !key.escaped && s.equals(key.start, key.end, "t") {
          timeOffset = valueOffset
          time = try number(&s, for: "'t' (milliseconds)")
        } else if !key.escaped && s.equals(key.start, key.end, "type") {
          typeOffset = valueOffset
          guard s.peek == UInt8(ascii: "\"") else {
            throw Failure(
              column: s.column(of: valueOffset),
              message: "expected a string for 'type', found \(s.found(at: valueOffset))")
          }
          // The known names are ASCII, matched in place; any other is read as a string for
          // its message (or its escapes and UTF-8 checked: an error at the same place as before).
          let raw = try s.rawString()
          if !raw.escaped, let known = EventType(ascii: s.base + raw.start, count: raw.end - raw.start) {
            eventType = known
            typeName = nil
          } else {
            s.offset = valueOffset
            typeName = try s.string()
            eventType = EventType(rawValue: typeName!)
          }
        } else if !key.escaped && s.equals(key.start, key.end, "angle") {
          angleOffset = valueOffset
          angle = try number(&s, for: "'angle' (degrees)")
        } else {
          let name =
            key.escaped
            ? try s.decodeString(key.start, key.end)
            : String(
              decoding: UnsafeBufferPointer(start: s.base + key.start, count: key.end - key.start), as: UTF8.self)
          let value = try JSONValue.parseValue(&s, depth: 1)
          fields.append((name, value, valueOffset))
        }
      } while s.consume(UInt8(ascii: ","))
      try s.expect(UInt8(ascii: "}"), "',' or '}'")
    }
    guard s.atEnd() else {
      throw Failure(
        column: s.column(of: s.offset),
        message: "expected the end of the line after the object, found \(s.found(at: s.offset))")
    }
    guard eventType != nil || typeName != nil else {
      throw Failure(column: 1, message: "expected a 'type' field, found none")
    }
    guard let time else {
      throw Failure(column: 1, message: "expected a 't' field (milliseconds), found none")
    }
    // A time beyond the maximum would swallow the durations the stages add to it.
    let maxTime = dialect == .input ? Event.maxInputTime : Event.maxStreamTime
    guard time >= 0, time <= maxTime else {
      throw Failure(
        column: s.column(of: timeOffset),
        message:
          "expected a 't' from 0 to \(dialect == .input ? Event.maxInputTimeText : Event.maxStreamTimeText), found \(time.isFinite ? NumberFormat.shortest(time) : "\(time)")"
      )
    }
    if let angle, !angle.isFinite {
      throw Failure(column: s.column(of: angleOffset), message: "expected a finite 'angle' (degrees), found \(angle)")
    }
    let columns = Columns(base: s.base, count: s.count)
    let fieldReader = Fields(fields: fields, columns: columns)
    var typeColumn: Int { columns.column(of: typeOffset) }  // only for an error
    let kind: EventKind?
    switch (eventType, dialect) {
    case (.hinge?, .input):
      guard let angle else {
        throw Failure(column: typeColumn, message: "expected an 'angle' field in a hinge sample, found none")
      }
      kind = .sample(angle: angle)
    case (.hinge?, .simulator) where angle == nil && fieldReader.has("hinge"):
      // A device without a hinge: one update whose hinge is nil.
      let (value, offset) = try fieldReader.value("hinge")
      guard value == .null else {
        throw Failure(
          column: columns.column(of: offset),
          message: "expected null for 'hinge' (a device without a hinge), found \(value.found)")
      }
      kind = .hinge(.noHinge)
    case (.hinge?, .simulator):
      guard let angle else {
        throw Failure(
          column: typeColumn, message: "expected an 'angle' field (or \"hinge\":null without a hinge), found none")
      }
      guard fieldReader.has("status") else {
        throw Failure(
          column: typeColumn,
          message: "expected a delivered hinge update (angle, radians, status, progress), found a raw sample"
            + " — is this an input trace? run it with 'hingesim run', or pipe it through 'hingesim simulate'")
      }
      kind = .hinge(
        HingeUpdate(
          angle: angle, radians: try fieldReader.number("radians"),
          status: try fieldReader.name("status", HingeStatus.self) { HingeStatus(rawValue: $0) },
          progress: try fieldReader.number("progress")))
    case (.orientation?, _):
      kind = .orientation(try fieldReader.name("orientation", Orientation.self) { Orientation(name: $0) })
    case (.textSize?, _):
      kind = .textSize(try fieldReader.name("size", TextSize.self) { TextSize(name: $0) })
    case (.turn?, _):
      kind = .turn(
        try fieldReader.name("direction", TurnDirection.self) { TurnDirection(rawValue: $0.lowercased()) },
        input: try fieldReader.optionalName("input", TurnInput.self) ?? .touch)
    case (.goto?, _):
      let offset = try fieldReader.integer("offset")
      guard offset >= 0 else {
        throw Failure(column: typeColumn, message: "expected an 'offset' ≥ 0 (UTF-16 units), found \(offset)")
      }
      kind = .goto(offset: offset)
    case (.split?, _):
      kind = .split(try fieldReader.name("split", SplitMode.self) { SplitMode(rawValue: $0.lowercased()) })
    case (.mark?, _):
      kind = .mark(try fieldReader.string("label"))
    case (.openChapter?, _):
      let id = try fieldReader.integer("id")
      guard id >= 1 else {
        throw Failure(column: typeColumn, message: "expected a chapter 'id' ≥ 1, found \(id)")
      }
      kind = .openChapter(id: id)
    case (.back?, _):
      kind = .back
    case (.sidebar?, _):
      kind = .sidebar(try fieldReader.name("sidebar", SidebarMode.self) { SidebarMode(rawValue: $0.lowercased()) })
    case (.notes?, .simulator) where fieldReader.has("hash"):
      return .skipped  // the reader's notes state, not the input
    case (.notes?, _):
      kind = .notes(try fieldReader.name("notes", NotesAction.self) { NotesAction(rawValue: $0.lowercased()) })
    case (.note?, _):
      kind = .note(try fieldReader.string("text"))
    case (.select?, _):
      let offset = try fieldReader.integer("offset")
      guard offset >= 0 else {
        throw Failure(column: typeColumn, message: "expected an 'offset' ≥ 0 (UTF-16 units), found \(offset)")
      }
      let length = try fieldReader.integer("length")
      guard length >= 0 else {
        throw Failure(column: typeColumn, message: "expected a 'length' ≥ 0 (UTF-16 units), found \(length)")
      }
      kind = .select(offset: offset, length: length)
    case (.addToNotes?, _):
      kind = .addToNotes
    case (.end?, _):
      kind = .end(try fieldReader.name("reason", EndReason.self) { EndReason(rawValue: $0) })
    case (.dragToNotes?, _):
      kind = .dragToNotes(try fieldReader.optionalName("passage", DragPassage.self) ?? .selection)
    case (.status?, .simulator):
      kind = .status(
        StatusChange(
          status: try fieldReader.name("status", HingeStatus.self) { HingeStatus(rawValue: $0) },
          from: try fieldReader.name("from", HingeStatus.self) { HingeStatus(rawValue: $0) },
          angle: angle ?? 0))
    case (.pose?, .simulator):
      kind = .pose(
        PoseChange(
          pose: try fieldReader.name("pose", Pose.self) { Pose(rawValue: $0) },
          from: try fieldReader.name("from", Pose.self) { Pose(rawValue: $0) },
          orientation: try fieldReader.name("orientation", Orientation.self) { Orientation(name: $0) }))
    case (.scene?, .simulator):
      kind = .scene(
        SceneChange(
          width: try fieldReader.number("width"), height: try fieldReader.number("height"),
          display: try fieldReader.name("display", Display.self) { Display(rawValue: $0) },
          transient: try fieldReader.bool("transient"), index: try fieldReader.integer("index"),
          count: try fieldReader.integer("count"),
          horizontalSizeClass: try fieldReader.optionalName("horizontalSizeClass", SizeClass.self),
          verticalSizeClass: try fieldReader.optionalName("verticalSizeClass", SizeClass.self),
          safeArea: try fieldReader.safeArea()))
    case (.regions?, .simulator):
      kind = .regions(RegionsChange(division: try fieldReader.division()))
    case (.settled?, .simulator) where fieldReader.navigationResettle:
      return .skipped  // the navigation stage's re-settle (a `run --json` stream): read makes it again
    case (.settled?, .simulator):
      kind = .settled(
        Settled(
          width: try fieldReader.number("width"), height: try fieldReader.number("height"),
          textSize: try fieldReader.name("textSize", TextSize.self) { TextSize(name: $0) },
          division: try fieldReader.division(), sizes: try fieldReader.integer("sizes"),
          changed: try fieldReader.bool("changed"), cycle: try fieldReader.cycle(),
          horizontalSizeClass: try fieldReader.optionalName("horizontalSizeClass", SizeClass.self),
          notesOpen: fieldReader.has("notesOpen") ? try fieldReader.bool("notesOpen") : false))
    case (.paginated?, .simulator), (.skipped?, .simulator), (.shown?, .simulator), (.timing?, .simulator),
      (.violation?, .simulator), (.selection?, .simulator), (.navigation?, .simulator):
      return .skipped
    default:
      kind = nil
    }
    guard let kind else {
      let known =
        dialect == .input
        ? "hinge, orientation, textSize, turn, goto, split, mark, notes, note, select, addToNotes, dragToNotes, openChapter, back, sidebar, end"
        : "hinge, status, pose, scene, regions, settled, orientation, textSize, turn, goto, split, mark, notes, note, select, addToNotes, dragToNotes, openChapter, back, sidebar, end"
      let hint =
        dialect == .input && eventType.map(EventType.outputs.contains) == true
        ? " — is this a simulator stream? pipe it to 'hingesim read'" : ""
      throw Failure(
        column: typeColumn,
        message:
          "expected an event type (\(known)), found \"\(InputText.excerpt(typeName ?? eventType?.rawValue ?? ""))\"\(hint)"
      )
    }
    return .event(Event(time: time, kind))
  }
}

/// The columns of byte offsets in the line being decoded, worked out only for an error: a line
/// of many fields costs one pass, not one per field.
private struct Columns {
  let base: UnsafePointer<UInt8>
  let count: Int

  func column(of offset: Int) -> Int {
    String(decoding: UnsafeBufferPointer(start: base, count: min(offset, count)), as: UTF8.self).count + 1
  }
}

/// Typed access to the fields of one decoded line, with located errors.
private struct Fields {
  var fields: [(key: String, value: JSONValue, offset: Int)]
  let columns: Columns

  func has(_ key: String) -> Bool { fields.contains { $0.key == key } }

  /// The value of `key` and the byte offset it starts at (its column is worked out on an error).
  func value(_ key: String) throws(EventDecoder.Failure) -> (JSONValue, Int) {
    guard let i = fields.firstIndex(where: { $0.key == key }) else {
      throw EventDecoder.Failure(column: 1, message: "expected a '\(key)' field, found none")
    }
    return (fields[i].value, fields[i].offset)
  }

  /// The value of `key` as `convert` takes it, or an error that names what was expected:
  /// `expected a number for 'angle', found "wide"`.
  func read<T>(
    _ key: String, _ expected: @autoclosure () -> String, _ convert: (JSONValue) -> T?
  ) throws(EventDecoder.Failure) -> T {
    let (v, offset) = try value(key)
    guard let result = convert(v) else {
      throw EventDecoder.Failure(
        column: columns.column(of: offset), message: "expected \(expected()) for '\(key)', found \(v.found)")
    }
    return result
  }

  func number(_ key: String) throws(EventDecoder.Failure) -> Double {
    try read(key, "a number", \.asNumber)
  }

  func integer(_ key: String) throws(EventDecoder.Failure) -> Int {
    try read(key, "an integer") { v in v.asNumber.flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil } }
  }

  func bool(_ key: String) throws(EventDecoder.Failure) -> Bool {
    try read(key, "true or false", \.asBool)
  }

  func string(_ key: String) throws(EventDecoder.Failure) -> String {
    try read(key, "a string", \.asString)
  }

  func name<T: CaseIterable & RawRepresentable>(
    _ key: String, _ type: T.Type, _ parse: (String) -> T?
  ) throws(EventDecoder.Failure) -> T where T.RawValue == String {
    try read(key, "one of \(T.allCases.map(\.rawValue).joined(separator: ", "))") { $0.asString.flatMap(parse) }
  }

  /// A name that streams written before it existed leave out: nil when absent.
  func optionalName<T: CaseIterable & RawRepresentable>(
    _ key: String, _ type: T.Type
  ) throws(EventDecoder.Failure) -> T? where T.RawValue == String {
    guard has(key) else { return nil }
    return try name(key, type) { T(rawValue: $0) }
  }

  /// The scene's safe-area insets, nil when absent (streams written before they existed).
  func safeArea() throws(EventDecoder.Failure) -> SafeArea? {
    guard has("safeArea") else { return nil }
    let (v, offset) = try value("safeArea")
    let insets = SafeArea.sides.compactMap { side -> Double? in
      guard case .number(let n)? = v[side], n >= 0, n <= 10_000 else { return nil }
      return n
    }
    guard case .object = v, insets.count == 4 else {
      throw EventDecoder.Failure(
        column: columns.column(of: offset),
        message: "expected {top, leading, bottom, trailing} in points from 0 to 10000 for 'safeArea', found \(v.found)")
    }
    return SafeArea(top: insets[0], leading: insets[1], bottom: insets[2], trailing: insets[3])
  }

  func cycle() throws(EventDecoder.Failure) -> SettleCycle {
    let cause = try read("cause", "a cause (initial, status FROM→TO, rotation, text size, split, notes, other)") {
      $0.asString.flatMap(SettleCause.init(name:))
    }
    return SettleCycle(
      cause: cause, causeTime: try number("causeTime"), firstChange: try number("firstChange"),
      lastChange: try number("lastChange"), firstSize: try optionalNumber("firstSize"),
      lastSize: try optionalNumber("lastSize"))
  }

  /// True for a `settled` the navigation stage made (cause `sidebar` or `chapter`), not the
  /// settle stage: it comes after the simulator, like the reader's output.
  var navigationResettle: Bool {
    guard let cause = fields.first(where: { $0.key == "cause" })?.value else { return false }
    return cause == .string("sidebar") || cause == .string("chapter")
  }

  func optionalNumber(_ key: String) throws(EventDecoder.Failure) -> Double? {
    guard has(key) else { return nil }
    if case (.null, _) = try value(key) { return nil }
    return try number(key)
  }

  func division() throws(EventDecoder.Failure) -> Division? {
    let (v, offset) = try value("division")
    if v == .null { return nil }
    guard case .object = v, case .number(let x)? = v["x"], case .number(let y)? = v["y"],
      case .number(let w)? = v["width"], case .number(let h)? = v["height"], case .bool(let active)? = v["isActive"]
    else {
      throw EventDecoder.Failure(
        column: columns.column(of: offset),
        message: "expected null or {x, y, width, height, isActive} for 'division', found \(v.found)")
    }
    return Division(frame: Rect(x: x, y: y, width: w, height: h), isActive: active)
  }
}

extension JSONValue {
  fileprivate var asNumber: Double? { if case .number(let n) = self { n } else { nil } }
  fileprivate var asBool: Bool? { if case .bool(let b) = self { b } else { nil } }
  fileprivate var asString: String? { if case .string(let s) = self { s } else { nil } }
}

extension EventType {
  /// The type named by the `count` ASCII bytes at `bytes` (a JSON string's raw contents), or
  /// nil: `hinge`, every sample's, is tried first.
  @inline(__always) init?(ascii bytes: UnsafePointer<UInt8>, count: Int) {
    if count == 5, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "i"), bytes[2] == UInt8(ascii: "n"),
      bytes[3] == UInt8(ascii: "g"), bytes[4] == UInt8(ascii: "e")
    {
      self = .hinge
      return
    }
    names: for (name, type) in Self.asciiNames where name.count == count {
      for i in 0..<count where name[i] != bytes[i] { continue names }
      self = type
      return
    }
    return nil
  }

  private static let asciiNames: [([UInt8], EventType)] = allCases.map { (Array($0.rawValue.utf8), $0) }
}
