import EventStream

/// Where a profile value comes from: the kind a `source` note starts with.
///
/// `measured` is kept for what a study measured on the device and names that study (the
/// iPhone Duo's values: "(the device study)"); a setting read from the reference reader's code
/// is `reference-code`; a value a document outside the study gives is `external` and names the
/// document (docs/profiles.md, "Sources").
public enum SourceKind: String, Sendable, CaseIterable {
  /// Measured on the device by a study the note names (by whom, what and which study).
  case measured
  /// A setting in the reference reader's code (the debounce, the paragraph style): chosen, not
  /// measured.
  case referenceCode = "reference-code"
  /// Apple's documentation or specifications.
  case appleSpec = "apple-spec"
  /// A design kit (not Apple's).
  case designKit = "design-kit"
  /// Another vendor's published specifications (a device maker's announcement or spec sheet).
  case vendorSpec = "vendor-spec"
  /// A document outside the device study that is none of the above (a third party's
  /// verification notes, a font-metrics package, a public test): the note names it.
  case external
  /// Computed from other values (the note says from what and by which formula).
  case derived
  /// Assumed; a value derived from an assumption is assumed too.
  case assumed

  /// The kinds as a profile file writes them, for messages.
  static let list = "measured, reference-code, apple-spec, design-kit, vendor-spec, external, derived or assumed"
}

/// One value of a profile with its source: a row of `hingesim profiles --sources NAME`.
public struct SourcedValue: Sendable, Equatable {
  /// The dotted key (`hinge.range.max`).
  public var path: String
  /// The value as written (`180`, `ease-out`, `null`).
  public var value: String
  /// The source's kind.
  public var kind: SourceKind
  /// The source's reason (what follows `kind:`).
  public var reason: String
}

/// The `source` notes of a profile document.
///
/// A `source` is a string `KIND: reason` that covers every value of its object and of the
/// objects inside it that have no `source` of their own, or an object that gives each value its
/// own note: keys are dotted paths relative to the object (`count`, `*.lineHeight`, where `*` is
/// any one key); the most specific key wins, and every value must be covered.
///
/// ```swift
/// let rows = try ProfileSources.values(of: document)
/// rows.first { $0.path == "transitions.open.easing" }?.kind   // .assumed
/// ```
enum ProfileSources {
  /// Every value with its source, in document order. Numbers must have one; strings, booleans
  /// and nulls outside any sourced object (names, descriptions, display names) are left out.
  static func values(of document: JSONValue) throws(ProfileError) -> [SourcedValue] {
    var rows: [SourcedValue] = []
    var path: [String] = []
    try walk(document, path: &path, scopes: [], into: &rows, collect: true)
    return rows
  }

  /// Throws what `values(of:)` throws, without making the rows: what loading a profile asks (every
  /// number has a note of the right form). Each note was parsed once when its object was entered,
  /// so the values are only matched to their notes — the rows' notes, reasons and formatted
  /// numbers were two thirds of loading a profile's instructions.
  static func check(_ document: JSONValue) throws(ProfileError) {
    var rows: [SourcedValue] = []
    var path: [String] = []
    try walk(document, path: &path, scopes: [], into: &rows, collect: false)
  }

  /// Checks one note: a kind, `:` and a reason. Returns the kind and the reason.
  /// `path` names the note in the message (made only for one).
  static func parse(_ note: String, at path: @autoclosure () -> String) throws(ProfileError) -> (SourceKind, String) {
    if let parsed = parseASCIIKind(note) { return parsed }
    let kindText = note.prefix { $0 != ":" }
    let reason = note.dropFirst(kindText.count + 1).drop { $0 == " " }
    guard let kind = SourceKind(rawValue: String(kindText)), kindText.count < note.count, !reason.isEmpty else {
      throw ProfileError(
        message:
          "\(path()): expected a kind (\(SourceKind.list)), ':' and a reason, e.g. \"assumed: why\", found \"\(InputText.excerpt(note))\""
      )
    }
    return (kind, String(reason))
  }

  /// `parse` of a well-formed note read from its UTF-8, when no `Character` of it can differ from
  /// its bytes' reading (an ASCII kind, and ASCII after the `:` and after the spaces that follow
  /// it, so no combining mark joins them): nil otherwise, and `parse` reads it by `Character`.
  /// Loading a profile parses every note once per value it covers; by `Character` that was a
  /// quarter of `simulate`'s instructions.
  private static func parseASCIIKind(_ note: String) -> (SourceKind, String)? {
    let bytes = note.utf8
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), !bytes[..<colon].contains(where: { $0 >= 0x80 }),
      let kind = SourceKind(rawValue: String(note[..<colon]))
    else { return nil }
    var start = bytes.index(after: colon)
    while start < bytes.endIndex, bytes[start] == UInt8(ascii: " ") { start = bytes.index(after: start) }
    guard start < bytes.endIndex, bytes[start] < 0x80 else { return nil }
    return (kind, String(note[start...]))
  }

  private struct Scope {
    /// The object's path.
    var keys: [String]
    var depth: Int { keys.count }
    var source: JSONValue
    /// The `source` note's dotted path, for messages and rows (joined only for those).
    var path: String { (keys + ["source"]).joined(separator: ".") }
    /// The notes of an object `source`, indexed.
    var notes = Notes()
  }

  /// The most notes with a `*` one `source` object may hold: each value under it is matched
  /// against every one of them (the notes without `*` are looked up, not matched).
  static let maxStarredNotes = 64

  /// A `source` object's notes: those without `*` by their key's segments, the others in order.
  struct Notes {
    var exact: [[String]: (key: String, note: String)] = [:]
    var starred: [(parts: [String], key: String, note: String)] = []
  }

  private static let unsourced: Set<String> = ["name", "description", "base"]

  /// Walks `value` at `path` (the keys down to it: pushed and popped on the way, not copied per
  /// value), appending a row per sourced value when `collect` (else only checking).
  private static func walk(
    _ value: JSONValue, path: inout [String], scopes: [Scope], into rows: inout [SourcedValue], collect: Bool
  ) throws(ProfileError) {
    switch value {
    case .object(let fields):
      var scopes = scopes
      if let source = value["source"] {
        var scope = Scope(keys: path, source: source)
        scope.notes = try check(scope, fields: fields)
        scopes.append(scope)
      }
      for (key, child) in fields where key != "source" {
        if path.isEmpty && unsourced.contains(key) { continue }
        if let row = choiceRow(key, child, in: value, path: path) {
          if collect { rows.append(row) }
          continue
        }
        path.append(key)
        try walk(child, path: &path, scopes: scopes, into: &rows, collect: collect)
        path.removeLast()
      }
    case .array(let items):
      for (i, item) in items.enumerated() {
        path.append("\(i)")
        try walk(item, path: &path, scopes: scopes, into: &rows, collect: collect)
        path.removeLast()
      }
    default:
      guard let scope = scopes.last else {
        if case .number = value {
          throw ProfileError(
            message:
              "\(path.joined(separator: ".")): expected a 'source' note in its object or one around it (\(SourceKind.list)), found none"
          )
        }
        return
      }
      // A note for the whole object covers the value: `check` parsed it on the way in.
      if !collect, case .string = scope.source { return }
      let relative = Array(path.dropFirst(scope.depth))
      let note: String
      let noteKey: String?  // nil: the object's one note
      switch scope.source {
      case .string(let s):
        (note, noteKey) = (s, nil)
      case .object:
        guard let best = bestEntry(scope.notes, for: relative) else {
          throw ProfileError(
            message:
              "\(scope.path): expected a note for '\(relative.joined(separator: "."))' (a key per value, or '*'), found none"
          )
        }
        (note, noteKey) = (best.1, best.0)
      default:
        throw ProfileError(
          message: "\(scope.path): expected a string or an object of notes, found \(scope.source.found)")
      }
      // `check` parsed every note of the scope when it was entered (at this path): only the rows
      // need it again.
      guard collect else { return }
      let (kind, reason) = try parse(note, at: noteKey.map { scope.path + "." + $0 } ?? scope.path)
      rows.append(
        SourcedValue(path: path.joined(separator: "."), value: text(of: value), kind: kind, reason: reason))
    }
  }

  /// A conflict's `value` (`conflicts.tabletopFold.value`): the side it names, with that
  /// side's note.
  private static func choiceRow(_ key: String, _ child: JSONValue, in object: JSONValue, path: [String])
    -> SourcedValue?
  {
    guard path.count == 2, path[0] == "conflicts", key == "value", case .string(let side) = child,
      case .string(let note)? = object[side]?["source"], let (kind, reason) = try? parse(note, at: "")
    else { return nil }
    return SourcedValue(path: (path + [key]).joined(separator: "."), value: side, kind: kind, reason: reason)
  }

  /// Checks the notes of a `source` object (each a string of the right form, each key naming
  /// something in the object) and indexes them.
  private static func check(_ scope: Scope, fields: [(String, JSONValue)]) throws(ProfileError) -> Notes {
    switch scope.source {
    case .string(let s):
      _ = try parse(s, at: scope.path)
      return Notes()
    case .object(let entries):
      let keys = Set(fields.lazy.map(\.0).filter { $0 != "source" })
      var notes = Notes()
      for (key, note) in entries {
        guard case .string(let s) = note else {
          throw ProfileError(
            message: "\(scope.path).\(key): expected a note (\(SourceKind.list): …), found \(note.found)")
        }
        _ = try parse(s, at: scope.path + "." + key)
        let first = String(key.prefix { $0 != "." })
        guard first == "*" || keys.contains(first) else {
          throw ProfileError(
            message: "\(scope.path).\(key): expected a key of the object, found '\(InputText.excerpt(first))'")
        }
        let parts = key.split(separator: ".").map(String.init)
        if parts.contains("*") {
          guard notes.starred.count < maxStarredNotes else {
            throw ProfileError(
              message:
                "\(scope.path).\(key): expected at most \(maxStarredNotes) notes with '*' in one source object, found more"
            )
          }
          notes.starred.append((parts, key, s))
        } else {
          notes.exact[parts] = (key, s)
        }
      }
      return notes
    default:
      throw ProfileError(
        message:
          "\(scope.path): expected a note (\(SourceKind.list): …) or an object of notes, found \(scope.source.found)")
    }
  }

  /// The entry whose key matches the relative path (segment by segment, `*` any one key, a key
  /// may name an object above the value): most segments first, then fewest `*`.
  /// Linear in the value's depth and the starred notes, whatever the number of other notes: the
  /// longest key without `*` that is a prefix is looked up, the starred ones matched.
  private static func bestEntry(_ notes: Notes, for relative: [String]) -> (String, String)? {
    var best: (key: String, note: String, segments: Int, stars: Int)?
    for count in stride(from: relative.count, to: 0, by: -1) {
      if let found = notes.exact[Array(relative[0..<count])] {
        best = (found.key, found.note, count, 0)
        break
      }
    }
    for (parts, key, note) in notes.starred {
      guard parts.count <= relative.count, zip(parts, relative).allSatisfy({ $0 == "*" || $0 == $1 }) else { continue }
      let stars = parts.filter { $0 == "*" }.count
      if let b = best, b.segments > parts.count || (b.segments == parts.count && b.stars <= stars) { continue }
      best = (key, note, parts.count, stars)
    }
    return best.map { ($0.key, $0.note) }
  }

  private static func text(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let b): b ? "true" : "false"
    case .number(let n): NumberFormat.shortest(n)
    case .string(let s): s
    default: ""
    }
  }
}

extension Profile {
  /// Every value of a profile (its `base` merged in) with its source, in document order: what
  /// `hingesim profiles --sources NAME` prints. The profile is validated first.
  public static func sources(
    _ nameOrPath: String, root: String, limit: ReadLimit = ReadLimits.defaults[.profile]
  ) throws(InputError) -> [SourcedValue] {
    _ = try load(nameOrPath, root: root, limit: limit)
    let document = try document(nameOrPath, root: root, limit: limit)
    do {
      return try ProfileSources.values(of: document)
    } catch {
      throw InputError(file: nameOrPath, line: 0, column: 0, message: error.message)  // load checked it already
    }
  }
}
