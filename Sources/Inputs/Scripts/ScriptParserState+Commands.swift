import EventStream

/// Reading one command: its word, then its arguments in order, each refused where it stands.
extension ScriptParserState {
  /// Reads one command; for `repeat N {` only its header (`script()` reads the body).
  mutating func command() throws(ScriptParseFailure) -> Parsed {
    let head = advance()
    guard head.kind == .word else {
      throw fail(at: head, "expected a command like 'open to 180 over 300ms', found \(head.found)")
    }
    let name = head.text.lowercased()
    let kind: ScriptCommand.Kind
    switch name {
    case "start":
      let t = advance()
      let position: ScriptCommand.StartPosition
      var implied: Orientation?
      if t.kind == .word, t.text.lowercased() == "tent" {
        guard let tent else {
          throw fail(
            at: t,
            "expected a pose the profile knows; 'tent' means what its conflicts.tent says, and this profile names no tent (iphone-duo does), found 'tent'"
          )
        }
        position = .angle(tent.angle)
        implied = tent.orientation
      } else if let pose = ScriptCommand.StartPosition.poses.first(where: {
        $0.rawValue.lowercased() == t.text.lowercased()
      }),
        t.kind == .word
      {
        position = .pose(pose)
        // A flip phone's poses imply other orientations; the command carries its own.
        if axis != .vertical { implied = position.implied(axis: axis).orientation }
      } else if t.kind == .word, let angle = Self.number(Self.stripAngleUnit(t.text)) {
        position = .angle(try checkedAngle(angle, at: t))
        skipSeparateDegreeUnit()
      } else {
        let poses = ScriptCommand.StartPosition.poses.map(\.rawValue).joined(separator: ", ")
        throw fail(at: t, "expected a pose (\(poses)) or an angle after 'start', found \(t.found)")
      }
      var orientation: Orientation?
      if !peek.endsCommand {
        let o = advance()
        guard o.kind == .word, let value = Orientation(name: o.text) else {
          throw fail(
            at: o,
            "expected an orientation (\(Self.orientationNames)) or the end of the command, found \(o.found)"
          )
        }
        orientation = value
      }
      kind = .start(position, orientation: orientation ?? implied)
    case "angle":
      kind = .angle(try angle(after: "angle"))
    case "open", "fold":
      try keyword("to", after: name, usage: "\(name) to <angle> over <duration> [easing]")
      let target = try angle(after: "to")
      try keyword(
        "over", after: "\(name) to \(Self.format(target))",
        usage: "\(name) to <angle> over <duration> [easing]")
      let duration = try duration(after: "over")
      let easing = try optionalEasing()
      kind =
        name == "open"
        ? .open(to: target, durationMs: duration, easing: easing)
        : .fold(to: target, durationMs: duration, easing: easing)
    case "close":
      try keyword("over", after: "close", usage: "close over <duration> [easing]")
      let duration = try duration(after: "over")
      kind = .close(durationMs: duration, easing: try optionalEasing())
    case "wait":
      kind = .wait(durationMs: try duration(after: "wait"))
    case "hold":
      kind = .hold(durationMs: try duration(after: "hold"))
    case "rotate":
      kind = .rotate(
        try word(after: "rotate", expecting: "an orientation (\(Self.orientationNames))") { Orientation(name: $0) })
    case "text-size", "textsize":
      kind = .textSize(
        try word(
          after: "text-size",
          expecting: "a text size (xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 … AX5)"
        ) { TextSize(name: $0) })
    case "turn":
      let direction = try word(after: "turn", expecting: "'next' or 'prev'") {
        TurnDirection(rawValue: $0.lowercased())
      }
      var input = TurnInput.touch
      if !peek.endsCommand {
        input = try word(
          after: "turn \(direction.rawValue)", expecting: "'voiceover' (VoiceOver's three-finger swipe) or the end"
        ) { ["voiceover", "--voiceover"].contains($0.lowercased()) ? .voiceover : nil }
      }
      kind = .turn(direction, input: input)
    case "goto":
      let offset = try word(after: "goto", expecting: "a character offset from 0 to \(Self.maxSelectUnits)") { text in
        Self.whole(text, in: 0...Self.maxSelectUnits)
      }
      kind = .goto(offset: offset)
    case "split":
      kind = .split(
        try word(after: "split", expecting: "'left', 'right' or 'off'") { SplitMode(rawValue: $0.lowercased()) })
    case "jitter":
      let t = peek
      let amplitude = try angle(after: "jitter", checkRange: false)
      guard amplitude >= 0, amplitude <= 90 else {
        throw fail(
          at: t, "expected a jitter amplitude from 0 to 90 degrees, found \(Self.format(amplitude))"
        )
      }
      try keyword(
        "for", after: "jitter \(Self.format(amplitude))", usage: "jitter <degrees> for <duration>")
      kind = .jitter(amplitude: amplitude, durationMs: try duration(after: "for"))
    case "repeat":
      let t = advance()
      var count = 1
      if t.kind == .word, let n = Self.whole(t.text, in: 1...Int.max) {
        count = n
      } else {
        error(at: t, "expected a repeat count (an integer ≥ 1) after 'repeat', found \(t.found)")
        if t.kind == .openBrace { position -= 1 }
      }
      let brace = advance()
      guard brace.kind == .openBrace else {
        throw fail(at: brace, "expected '{' after 'repeat \(count)', found \(brace.found)")
      }
      return .repeatOpened(head: head, brace: brace, count: count)
    case "open-chapter":
      let t = peek
      let id = try word(after: "open-chapter", expecting: "a chapter id (an integer ≥ 1)") { text in
        Self.whole(text, in: 1...Int.max)
      }
      if let count = chapterCount, id > count {
        throw fail(
          at: t,
          "expected a chapter id from 1 to \(count) (the text's chapters; 'hingesim paginate --chapters' lists them), found \(id)"
        )
      }
      kind = .openChapter(id: id)
    case "back":
      kind = .back
    case "sidebar":
      kind = .sidebar(
        try word(after: "sidebar", expecting: "'show' or 'hide'") { SidebarMode(rawValue: $0.lowercased()) })
    case "mark":
      let t = advance()
      guard t.kind == .string else {
        throw fail(
          at: t, "expected a quoted label like \"chapter 2\" after 'mark', found \(t.found)")
      }
      kind = .mark(t.text)
    case "rate":
      let t = advance()
      var text = t.text.lowercased()
      if text.hasSuffix("hz") { text.removeLast(2) }
      guard t.kind == .word, let hz = Self.number(text), ScriptParser.rateRange.contains(hz) else {
        throw fail(at: t, "expected a rate in Hz from 1 to 10000 after 'rate', found \(t.found)")
      }
      if peek.kind == .word, peek.text.lowercased() == "hz" { _ = advance() }
      kind = .rate(hz: hz)
    case "seed":
      kind = .seed(try word(after: "seed", expecting: "a seed (an integer ≥ 0)") { UInt64($0) })
    case "notes":
      kind = .notes(
        try word(after: "notes", expecting: "'open' or 'close'") { NotesAction(rawValue: $0.lowercased()) })
    case "note":
      let t = advance()
      guard t.kind == .string else {
        throw fail(at: t, "expected the notes text in quotes like \"my note\" after 'note', found \(t.found)")
      }
      if let bad = t.badEscape {
        throw fail(
          at: ScriptToken(kind: .word, text: bad.text, line: t.line, column: bad.column, length: bad.text.count),
          "expected an escape \\n, \\t, \\\" or \\\\ in the note, found '\(InputText.escaped(bad.text))'")
      }
      kind = .note(t.text)
    case "select":
      let offset = try word(after: "select", expecting: "a character offset from 0 to \(Self.maxSelectUnits)") { text in
        Self.whole(text, in: 0...Self.maxSelectUnits)
      }
      let length = try word(after: "select \(offset)", expecting: "a length from 0 to \(Self.maxSelectUnits)") { text in
        Self.whole(text, in: 0...Self.maxSelectUnits)
      }
      kind = .select(offset: offset, length: length)
    case "add-to-notes", "addtonotes":
      kind = .addToNotes
    case "drag-to-notes", "dragtonotes":
      var passage = DragPassage.selection
      if !peek.endsCommand {
        passage = try word(after: "drag-to-notes", expecting: "'first-line' or the end of the command") {
          ["first-line", "firstline"].contains($0.lowercased()) ? .firstLine : nil
        }
      }
      kind = .dragToNotes(passage)
    default:
      var message =
        "expected a command (\(ScriptParser.commandNames.joined(separator: ", "))), found \(head.found)"
      if let suggestion = Self.suggestion(for: name) {
        message += "; did you mean '\(suggestion)'?"
      }
      throw fail(at: head, message)
    }
    let after = peek
    guard after.endsCommand else {
      throw fail(at: after, "expected the end of the '\(name)' command, found \(after.found)")
    }
    return .command(ScriptCommand(kind, line: head.line, column: head.column))
  }

  /// The command name closest to a misspelling (edit distance ≤ 2), or nil.
  static func suggestion(for word: String) -> String? {
    guard word.utf8.count <= 32 else { return nil }
    var best: (String, Int)?
    for name in ScriptParser.commandNames {
      let d = editDistance(Array(word), Array(name))
      if d <= 2, d < (best?.1 ?? .max) { best = (name, d) }
    }
    return best?.0
  }

  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
