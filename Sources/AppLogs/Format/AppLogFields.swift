import EventStream
import Reader

/// The fields of one app-log event, checked: sizes finite and positive, offsets and ranges in
/// the text, names from their closed sets.
struct AppLogFields {
  var line: AppLogLine
  var value: JSONValue
  var textLength: Int

  func kind(_ type: String) throws(InputError) -> AppLog.Kind {
    switch type {
    case "sync":
      return .sync(
        AppLog.Sync(
          appTime: 0, scriptTime: try line.number(value, "scriptTime", minimum: 0),
          textLength: value["textLength"] == nil
            ? nil : try line.integer(value["textLength"], "'textLength'", key: "textLength", in: 0...Int(Int32.max)),
          textHash: try optionalString("textHash"), clock: try oneOf("clock", AppLog.Clock.self, default: .real)))
    case "frame":
      return .frame(width: try size("width"), height: try size("height"))
    case "paginated":
      var textSize: TextSize?
      if let name = try optionalString("textSize") {
        guard let size = TextSize(name: name) else {
          throw line.error(
            column: line.column(of: "textSize"),
            "expected a text size (xSmall … xxxLarge, AX1 … AX5), found \"\(InputText.excerpt(name))\"")
        }
        textSize = size
      }
      var cached = false
      if let c = value["cached"] {
        guard case .bool(let b) = c else {
          throw line.error(column: line.column(of: "cached"), "expected true or false for 'cached', found \(c.found)")
        }
        cached = b
      }
      return .paginated(
        AppLog.Pagination(
          pageWidth: try size("pageWidth"), pageHeight: try size("pageHeight"),
          pageCount: try line.integer(value["pageCount"], "'pageCount'", key: "pageCount", in: 1...Int(Int32.max)),
          ms: try line.number(value, "ms", minimum: 0), textSize: textSize, cached: cached))
    case "shown":
      return .shown(try shown())
    case "selection":
      return .selection(try range(value["range"], "'range'", key: "range"))
    case "notes":
      return .notes(try oneOf("placement", NotesPlacement.self))
    case "painted":
      return .painted
    default:
      guard case .string(let detail)? = value["detail"] else {
        throw line.error(
          column: line.column(of: "detail"),
          "expected a string for 'detail', found \(value["detail"]?.found ?? "nothing")")
      }
      return .navigation(detail)
    }
  }

  private func shown() throws(InputError) -> Shown {
    let pageCount = try line.integer(value["pageCount"], "'pageCount'", key: "pageCount", in: 1...Int(Int32.max))
    let offset = try line.integer(
      value["offset"], "'offset' (a UTF-16 offset in the text)", key: "offset", in: 0...textLength)
    guard case .array(let pageValues)? = value["pages"], (1...2).contains(pageValues.count) else {
      throw line.error(
        column: line.column(of: "pages"),
        "expected one or two page indices for 'pages', found \(value["pages"]?.found ?? "nothing")")
    }
    var pages: [Int] = []
    for p in pageValues { pages.append(try line.integer(p, "a page index", key: "pages", in: 0...(pageCount - 1))) }
    guard case .array(let rangeValues)? = value["ranges"], rangeValues.count == pages.count else {
      throw line.error(
        column: line.column(of: "ranges"),
        "expected one [start, end] for each of the \(pages.count) page(s) in 'ranges', found \(value["ranges"]?.found ?? "nothing")"
      )
    }
    var ranges: [Range<Int>] = []
    for r in rangeValues { ranges.append(try range(r, "a page's range", key: "ranges")) }
    guard case .array(let frameValues)? = value["frames"], frameValues.count == pages.count else {
      throw line.error(
        column: line.column(of: "frames"),
        "expected one {x, y, width, height} for each of the \(pages.count) page(s) in 'frames', found \(value["frames"]?.found ?? "nothing")"
      )
    }
    var frames: [Rect] = []
    for f in frameValues {
      let fields = AppLogFields(line: line, value: f, textLength: textLength)
      frames.append(
        Rect(
          x: try fields.finite("x", key: "frames"), y: try fields.finite("y", key: "frames"),
          width: try fields.size("width", key: "frames"), height: try fields.size("height", key: "frames")))
    }
    return Shown(
      offset: offset, pages: pages, ranges: ranges, pageCount: pageCount, layout: try oneOf("layout", LayoutKind.self),
      frames: frames, notes: try oneOf("notes", NotesPlacement.self), excerpt: "")
  }

  /// A `[start, end]` pair inside the text.
  private func range(_ v: JSONValue?, _ what: String, key: String) throws(InputError) -> Range<Int> {
    guard case .array(let pair)? = v, pair.count == 2 else {
      throw line.error(
        column: line.column(of: key), "expected [start, end] for \(what), found \(v?.found ?? "nothing")")
    }
    let start = try line.integer(pair[0], "the start of \(what) (UTF-16, in the text)", key: key, in: 0...textLength)
    let end = try line.integer(pair[1], "the end of \(what) (UTF-16, in the text)", key: key, in: start...textLength)
    return start..<end
  }

  /// A finite size greater than 0 (a frame's or a page's width or height).
  private func size(_ name: String, key: String? = nil) throws(InputError) -> Double {
    guard case .number(let n)? = value[name] else {
      throw line.error(
        column: line.column(of: key ?? name),
        "expected a number for '\(name)', found \(value[name]?.found ?? "nothing")")
    }
    guard n.isFinite, n > 0 else {
      throw line.error(
        column: line.column(of: key ?? name), "expected '\(name)' > 0 (points), found \(value[name]!.found)")
    }
    return n
  }

  private func finite(_ name: String, key: String) throws(InputError) -> Double {
    guard case .number(let n)? = value[name], n.isFinite else {
      throw line.error(
        column: line.column(of: key), "expected a number for '\(name)', found \(value[name]?.found ?? "nothing")")
    }
    return n
  }

  private func optionalString(_ name: String) throws(InputError) -> String? {
    guard let v = value[name] else { return nil }
    guard case .string(let s) = v else {
      throw line.error(column: line.column(of: name), "expected a string for '\(name)', found \(v.found)")
    }
    return s
  }

  private func oneOf<T: RawRepresentable & CaseIterable>(_ name: String, _: T.Type, default: T? = nil)
    throws(InputError) -> T
  where T.RawValue == String {
    if let fallback = `default`, value[name] == nil { return fallback }
    let names = T.allCases.map { "\($0.rawValue)" }.joined(separator: ", ")
    guard case .string(let s)? = value[name], let v = T(rawValue: s) else {
      throw line.error(
        column: line.column(of: name),
        "expected one of \(names) for '\(name)', found \(value[name]?.found ?? "nothing")")
    }
    return v
  }
}
