import EventStream
import Platform

extension Profile {
  /// Loads and validates `profiles/NAME.json` under `root`, or a path to a JSON file.
  ///
  /// ```swift
  /// let duo = try Profile.load("iphone-duo", root: ".")
  /// duo.poses[.closed]?.width   // 382
  /// ```
  /// Errors name the file and the bad key:
  /// `profiles/x.json: poses.book.reader.width: expected a positive number, found "wide"`.
  /// The file and each `base` are read up to `limit` (`ReadLimit.exceeded`, exit 65).
  public static func load(
    _ nameOrPath: String, root: String, limit: ReadLimit = ReadLimits.defaults[.profile]
  ) throws(InputError) -> Profile {
    let path =
      nameOrPath.hasSuffix(".json") || nameOrPath.contains("/")
      ? nameOrPath : root + "/profiles/" + nameOrPath + ".json"
    let display = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    let (json, bytes) = try loadJSON(path: path, display: display, root: root, depth: 0, limit: limit)
    do {
      let profile = try ProfileFields(json, file: display).profile()
      try profile.validateMeaning()
      return profile
    } catch {
      // Point at the key in the file when it is written there (not inherited from a base).
      // A missing key is pointed at through the object that lacks it.
      var path = error.path
      if error.message.hasSuffix("found none") {
        path = String(path.split(separator: ".").dropLast().joined(separator: "."))
      }
      let (line, column) = ProfileKeyLocator.locate(path, in: bytes) ?? (0, 0)
      throw InputError(file: display, line: line, column: column, message: error.message)
    }
  }

  /// The profile's document as `load` reads it: the file with its `base` profiles merged in
  /// (what a report hashes to say which profile it measured), with a `chosen` object naming
  /// each conflict's side where `choosing` differs from the file (`--conflict` changes what is
  /// measured), and a `typography.choice` when `typography` is not the profile's default
  /// (`--typography` changes it too).
  public static func document(
    _ nameOrPath: String, root: String, choosing: [(SourceConflict, String)] = [],
    typography: TypographyChoice? = nil, limit: ReadLimit = ReadLimits.defaults[.profile]
  ) throws(InputError) -> JSONValue {
    let document = try document(nameOrPath, root: root, choosing: choosing, limit: limit)
    let calibrated = document["typography"]?["calibration"].map { $0 != .null } ?? false
    guard let typography, typography != .defaultChoice(hasCalibration: calibrated),
      case .object(var fields) = document, case .object(var typographyFields)? = document["typography"]
    else { return document }
    typographyFields.append(("choice", .string(typography.rawValue)))
    fields.removeAll { $0.0 == "typography" }
    fields.append(("typography", .object(typographyFields)))
    return .object(fields)
  }

  private static func document(
    _ nameOrPath: String, root: String, choosing: [(SourceConflict, String)], limit: ReadLimit
  ) throws(InputError) -> JSONValue {
    let path =
      nameOrPath.hasSuffix(".json") || nameOrPath.contains("/")
      ? nameOrPath : root + "/profiles/" + nameOrPath + ".json"
    let display = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    let document = try loadJSON(path: path, display: display, root: root, depth: 0, limit: limit).json
    var chosen: [(String, JSONValue)] = []
    for (conflict, side) in choosing {
      var written = conflict == .divisionWhenFlat ? DivisionWhenFlat.frameStays.rawValue : nil
      if case .string(let value)? = document["conflicts"]?[conflict.rawValue]?["value"] { written = value }
      if conflict == .divisionWhenFlat, case .string(let value)? = document["divisionWhenFlat"]?["value"] {
        written = value
      }
      chosen.removeAll { $0.0 == conflict.rawValue }
      if side != written { chosen.append((conflict.rawValue, .string(side))) }
    }
    guard !chosen.isEmpty, case .object(var fields) = document else { return document }
    fields.append(("chosen", .object(chosen)))
    return .object(fields)
  }

  /// The names of the profiles in `root/profiles`.
  public static func available(root: String) -> [String] {
    Directory.files(in: root + "/profiles").filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// What a profile's keys must be: each once in its object, at most 128 characters, no control
  /// characters (exit 65 at the key).
  static let keyRule = JSONValue.KeyRule(maxLength: 128)

  /// The longest `base` name, and the characters it may hold: a profile's file name in
  /// `profiles/`, never a path.
  static let maxBaseNameLength = 64

  /// Reads and parses one profile file and the chain of its `base` profiles (each looked up
  /// among the bundled profiles only), merged: keys of the file win. Returns the document and the
  /// file's bytes (to locate later errors in).
  static func loadJSON(
    path: String, display: String, root: String, depth: Int, limit: ReadLimit
  ) throws(InputError) -> (json: JSONValue, bytes: [UInt8]) {
    let bytes = try FileBytes.read(path: path, display: display, limit: limit)
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes, keys: keyRule)
    } catch {
      let (line, column) = FileBytes.lineAndColumn(of: error.offset, in: bytes)
      throw InputError(file: display, line: line, column: column, message: "expected \(error.expected)")
    }
    guard case .object(var fields) = json else {
      throw InputError(file: display, line: 0, column: 0, message: "expected a JSON object, found \(json.found)")
    }
    guard let base = json["base"] else { return (json, bytes) }
    func baseError(_ message: String) -> InputError {
      let (line, column) = ProfileKeyLocator.locate("base", in: bytes) ?? (0, 0)
      return InputError(file: display, line: line, column: column, message: "base: " + message)
    }
    let available = available(root: root)
    guard case .string(let baseName) = base, isBaseName(baseName) else {
      throw baseError(
        "expected the name of a profile in profiles/ (\(available.joined(separator: ", "))), found \(base.found)")
    }
    guard depth < 4 else {
      throw baseError("expected at most 4 bases in a chain, found a fifth (\"\(baseName)\")")
    }
    guard available.contains(baseName) else {
      throw baseError(
        "expected the name of a profile in profiles/ (\(available.joined(separator: ", "))), found \(base.found)")
    }
    guard
      case .object(let baseFields) = try loadJSON(
        path: root + "/profiles/" + baseName + ".json", display: "profiles/\(baseName).json", root: root,
        depth: depth + 1, limit: limit
      ).json
    else {
      return (json, bytes)
    }
    fields.removeAll { $0.0 == "base" }
    let own = Set(fields.map(\.0))
    for (key, value) in baseFields where !own.contains(key) {
      fields.append((key, value))
    }
    return (.object(fields), bytes)
  }

  /// True for a name `base` may hold: letters, digits, `.`, `_` and `-`, not starting with `.`,
  /// at most `maxBaseNameLength` characters — no `/`, so no path out of `profiles/`.
  static func isBaseName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first != ".", name.unicodeScalars.count <= maxBaseNameLength else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-")
    }
  }
}

/// A profile validation error: the dotted key path and what was wrong.
struct ProfileError: Error {
  var message: String

  /// The dotted key the message starts with (`settle.windowMs: expected …`).
  var path: String { String(message.prefix { $0 != ":" && $0 != " " }) }
}

/// Typed, validated reads from a profile document.
struct ProfileFields {
  let root: JSONValue
  let file: String

  init(_ root: JSONValue, file: String) {
    self.root = root
    self.file = file
  }

  func value(_ path: String, in object: JSONValue? = nil) throws(ProfileError) -> JSONValue {
    if let found = asciiValue(path, in: object ?? root) { return found }
    var current = object ?? root
    for part in path.split(separator: ".") {
      guard case .object = current else {
        throw ProfileError(message: "\(path): expected an object at '\(part)', found \(current.found)")
      }
      guard let next = current[String(part)] else {
        throw ProfileError(message: "\(path): expected the key '\(part)', found none")
      }
      current = next
    }
    return current
  }

  /// `value` of an ASCII dotted path split at its `.` bytes (a `Character` split of it is the
  /// same), when every key is there; nil otherwise (`value` then says what is missing).
  private func asciiValue(_ path: String, in object: JSONValue) -> JSONValue? {
    let bytes = path.utf8
    guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
    var current = object
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
      if end > start {  // `split` omits empty parts
        guard case .object = current, let next = current[String(path[start..<end])] else { return nil }
        current = next
      }
      start = end < bytes.endIndex ? bytes.index(after: end) : end
    }
    return current
  }

  func number(_ path: String, positive: Bool = false, nonNegative: Bool = false) throws(ProfileError) -> Double {
    let v = try value(path)
    guard case .number(let n) = v else {
      throw ProfileError(message: "\(path): expected \(positive ? "a positive number" : "a number"), found \(v.found)")
    }
    if positive && !(n > 0) { throw ProfileError(message: "\(path): expected a positive number, found \(v.found)") }
    if nonNegative && n < 0 { throw ProfileError(message: "\(path): expected a number ≥ 0, found \(v.found)") }
    return n
  }

  func optionalNumber(_ path: String) throws(ProfileError) -> Double? {
    let v = try value(path)
    if v == .null { return nil }
    return try number(path, nonNegative: true)
  }

  func string(_ path: String) throws(ProfileError) -> String {
    let v = try value(path)
    guard case .string(let s) = v, !s.isEmpty else {
      throw ProfileError(message: "\(path): expected a string, found \(v.found)")
    }
    return s
  }

  func integer(_ path: String, atLeast minimum: Int, atMost maximum: Int = 1_000_000_000) throws(ProfileError) -> Int {
    let n = try number(path)
    guard n == n.rounded(), n >= Double(minimum), n <= Double(maximum) else {
      throw ProfileError(
        message: "\(path): expected an integer from \(minimum) to \(maximum), found \(try value(path).found)")
    }
    return Int(n)
  }

  /// Every object that holds numbers must say where they come from (`ProfileSources`).
  func requireSource(_ path: String) throws(ProfileError) {
    let v = try value(path)
    switch v["source"] {
    case .string(let s)?: _ = try ProfileSources.parse(s, at: path + ".source")
    case .object?: break  // checked note by note by ProfileSources
    default:
      throw ProfileError(
        message: "\(path).source: expected a note (\(SourceKind.list), ':' and a reason), found none")
    }
  }

  func profile() throws(ProfileError) -> Profile {
    let name = try string("name")
    let description = (try? string("description")) ?? ""
    let hinge: Profile.HingeProfile?
    if try value("hinge") == .null {
      hinge = nil
    } else {
      hinge = try hingeProfile()
    }
    var poses: [Pose: Profile.PoseGeometry] = [:]
    var split: [SplitMode: Profile.PoseGeometry] = [:]
    guard case .object(let poseFields) = try value("poses") else {
      throw ProfileError(message: "poses: expected an object, found \(try value("poses").found)")
    }
    for (key, _) in poseFields {
      // The name first: an unknown pose is refused before its geometry is read.
      let splitMode: SplitMode? = key == "splitViewLeft" ? .left : key == "splitViewRight" ? .right : nil
      let pose = Pose(rawValue: key)
      guard splitMode != nil || (pose != nil && pose != .unknown && pose != .splitView) else {
        throw ProfileError(
          message:
            "poses.\(key): expected a pose (closed, closedSideways, openWide, book, openTall, tabletop, splitViewLeft, splitViewRight), found \"\(InputText.excerpt(key))\""
        )
      }
      let geometry = try poseGeometry("poses." + key)
      if let splitMode { split[splitMode] = geometry } else if let pose { poses[pose] = geometry }
    }
    guard poses[.closed] != nil else {
      throw ProfileError(message: "poses.closed: expected the closed pose (every profile needs it), found none")
    }
    if hinge != nil {
      for pose in [Pose.openWide, .book, .openTall, .tabletop] where poses[pose] == nil {
        throw ProfileError(
          message:
            "poses.\(pose.rawValue): expected the \(pose.rawValue) pose (a profile with a hinge needs it), found none")
      }
    }
    try requireSource("pages")
    let pages = Profile.PageInsets(
      edge: try number("pages.edgeInset", nonNegative: true), fold: try number("pages.foldInset", nonNegative: true),
      minimumWidth: try number("pages.minimumWidth", positive: true),
      sidebarWidth: try number("pages.sidebarWidth", nonNegative: true),
      maximumTextWidth: try optionalNumber("pages.maximumTextWidth"))
    let transitions = Profile.Transitions(
      open: try burst("transitions.open"), close: try burst("transitions.close"),
      rotate: try burst("transitions.rotate"), resize: try burst("transitions.resize"),
      regionLagMs: try number("transitions.regionLagMs.value", nonNegative: true))
    try requireSource("transitions.regionLagMs")
    try requireSource("settle")
    let settle = try number("settle.windowMs", nonNegative: true)
    let typography = try typography()
    let conflicts = try conflicts(hinge: hinge)
    var displays: [Display: Profile.DisplaySize] = [:]
    for display in Display.allCases where root["displays"]?[display.rawValue] != nil {
      let path = "displays." + display.rawValue
      try requireSource(path)
      displays[display] = Profile.DisplaySize(
        width: try number(path + ".width", positive: true), height: try number(path + ".height", positive: true))
    }
    for (key, _) in poseFields {
      let display = try geometryDisplay("poses." + key)
      guard displays[display] != nil else {
        throw ProfileError(
          message:
            "displays.\(display.rawValue): expected the \(display.rawValue) display (poses.\(key) is shown on it), found none"
        )
      }
    }
    try requireSource("navigationBar")
    let bar = try number("navigationBar.value", nonNegative: true)
    try requireSource("displays.frameMs")
    let frameMs = try number("displays.frameMs.value", positive: true)
    try ProfileSources.check(root)  // every number has a note of the right form
    var profile = Profile(
      name: name, description: description, hinge: hinge, poses: poses, splitView: split, pages: pages,
      transitions: transitions, settleWindowMs: settle, typography: typography, displays: displays,
      navigationBar: bar, displayFrameMs: frameMs, conflicts: conflicts, writtenPoses: poses, writtenSplitView: split)
    try profile.resolveConflicts()
    try checkTabletopFold(profile)
    return profile
  }

  /// The tabletop fold as written is where the side the file chose puts it (every side of
  /// `tabletopFold` is computed, so the value written must be that side's).
  private func checkTabletopFold(_ profile: Profile) throws(ProfileError) {
    guard let side = profile.conflicts.chosen(.tabletopFold),
      profile.conflicts.chosen(.innerPortraitReader) != "safe-area",
      let written = profile.writtenPoses[.tabletop]?.division?.y, let resolved = profile.poses[.tabletop]?.division?.y,
      abs(written - resolved) > 1e-9
    else { return }
    let rule =
      side == "fold-stays"
      ? "the fold stays where it is held tall" : "a reader flush with the display's bottom meets its middle"
    throw ProfileError(
      message:
        "poses.tabletop.division.y: expected \(NumberFormat.shortest(resolved)) (conflicts.tabletopFold is \(side): \(rule)), found \(NumberFormat.shortest(written))"
    )
  }

  private func geometryDisplay(_ path: String) throws(ProfileError) -> Display {
    let name = try string(path + ".display")
    guard let display = Display(rawValue: name) else {
      throw ProfileError(message: "\(path).display: expected outer or inner, found \"\(InputText.excerpt(name))\"")
    }
    return display
  }

  /// A pose's size classes and safe-area insets (the dual-pane guide's tables).
  func layoutTraits(_ path: String) throws(ProfileError) -> (SizeClass, SizeClass, SafeArea) {
    try requireSource(path + ".sizeClass")
    func sizeClass(_ axis: String) throws(ProfileError) -> SizeClass {
      let text = try string(path + ".sizeClass." + axis)
      guard let value = SizeClass(rawValue: text) else {
        throw ProfileError(
          message: "\(path).sizeClass.\(axis): expected compact or regular, found \"\(InputText.excerpt(text))\"")
      }
      return value
    }
    let horizontal = try sizeClass("horizontal")
    let vertical = try sizeClass("vertical")
    try requireSource(path + ".safeArea")
    var insets: [Double] = []
    for side in SafeArea.sides {
      insets.append(try number(path + ".safeArea." + side, nonNegative: true))
    }
    return (horizontal, vertical, SafeArea(top: insets[0], leading: insets[1], bottom: insets[2], trailing: insets[3]))
  }

  func hingeProfile() throws(ProfileError) -> Profile.HingeProfile {
    try requireSource("hinge.range")
    try requireSource("hinge.status.closedBelow")
    try requireSource("hinge.status.fullyOpenAbove")
    try requireSource("hinge.status")
    try requireSource("hinge.policy")
    try requireSource("hinge.sensorRateHz")
    let minAngle = try number("hinge.range.min")
    let maxAngle = try number("hinge.range.max")
    guard maxAngle > minAngle else {
      throw ProfileError(
        message: "hinge.range.max: expected a number above hinge.range.min (\(minAngle)), found \(maxAngle)")
    }
    let status = Profile.StatusThresholds(
      closedOpening: try number("hinge.status.closedBelow.opening"),
      closedClosing: try number("hinge.status.closedBelow.closing"),
      fullyOpenOpening: try number("hinge.status.fullyOpenAbove.opening"),
      fullyOpenClosing: try number("hinge.status.fullyOpenAbove.closing"),
      dwellMs: try number("hinge.status.dwellMs", nonNegative: true),
      deadband: try number("hinge.status.deadband", nonNegative: true),
      unknownAfterMs: try optionalNumber("hinge.status.unknownAfterMs"))
    try Self.checkOrder(status, at: "hinge.status")
    let seed = try number("hinge.policy.seed", nonNegative: true)
    guard seed == seed.rounded(), seed <= 9_007_199_254_740_992 else {
      throw ProfileError(
        message: "hinge.policy.seed: expected an integer from 0 to 2^53, found \(try value("hinge.policy.seed").found)")
    }
    let policy = Profile.UpdatePolicy(
      minIntervalMs: try number("hinge.policy.minIntervalMs", nonNegative: true),
      precision: try number("hinge.policy.precision", nonNegative: true),
      minChange: try number("hinge.policy.minChange", nonNegative: true),
      noise: try number("hinge.policy.noise", nonNegative: true), seed: UInt64(seed))
    var hinge = Profile.HingeProfile(
      minAngle: minAngle, maxAngle: maxAngle, status: status, policy: policy,
      sensorRateHz: try number("hinge.sensorRateHz.value", positive: true))
    if root["hinge"]?["axis"] != nil {
      try requireSource("hinge.axis")
      let text = try string("hinge.axis.value")
      guard let axis = HingeAxis(rawValue: text) else {
        throw ProfileError(message: "hinge.axis.value: expected vertical or horizontal, found \"\(text)\"")
      }
      hinge.axis = axis
    }
    return hinge
  }

  /// The boundaries in the order the trigger needs: closing at or below opening on each, and
  /// the flat boundary above the closed one.
  static func checkOrder(_ t: Profile.StatusThresholds, at path: String) throws(ProfileError) {
    guard t.closedClosing <= t.closedOpening else {
      throw ProfileError(
        message: "\(path).closedBelow.closing: expected ≤ opening (\(t.closedOpening)), found \(t.closedClosing)")
    }
    guard t.fullyOpenClosing <= t.fullyOpenOpening else {
      throw ProfileError(
        message:
          "\(path).fullyOpenAbove.closing: expected ≤ opening (\(t.fullyOpenOpening)), found \(t.fullyOpenClosing)")
    }
    guard t.closedOpening < t.fullyOpenClosing else {
      throw ProfileError(
        message:
          "\(path).fullyOpenAbove.closing: expected above closedBelow.opening (\(t.closedOpening)), found \(t.fullyOpenClosing)"
      )
    }
  }

  func poseGeometry(_ path: String) throws(ProfileError) -> Profile.PoseGeometry {
    let displayName = try string(path + ".display")
    guard let display = Display(rawValue: displayName) else {
      throw ProfileError(
        message: "\(path).display: expected outer or inner, found \"\(InputText.excerpt(displayName))\"")
    }
    try requireSource(path + ".reader")
    let width = try number(path + ".reader.width", positive: true)
    let height = try number(path + ".reader.height", positive: true)
    var division: Rect?
    if let d = try? value(path + ".division"), d != .null {
      try requireSource(path + ".division")
      let frame = Rect(
        x: try number(path + ".division.x"), y: try number(path + ".division.y"),
        width: try number(path + ".division.width", nonNegative: true),
        height: try number(path + ".division.height", nonNegative: true))
      guard frame.width > 0 || frame.height > 0 else {
        throw ProfileError(message: "\(path).division: expected a frame wider or taller than 0, found 0 × 0")
      }
      guard frame.x >= 0, frame.y >= 0, frame.maxX <= width, frame.maxY <= height else {
        throw ProfileError(
          message:
            "\(path).division: expected a frame inside the \(width) × \(height) reader, found x \(frame.x), y \(frame.y), \(frame.width) × \(frame.height)"
        )
      }
      division = frame
    }
    let (horizontal, vertical, safeArea) = try layoutTraits(path)
    guard safeArea.leading + safeArea.trailing < 10_000, safeArea.top + safeArea.bottom < 10_000 else {
      throw ProfileError(message: "\(path).safeArea: expected insets below 10000 points, found \(safeArea.values)")
    }
    return Profile.PoseGeometry(
      display: display, width: width, height: height, division: division, horizontalSizeClass: horizontal,
      verticalSizeClass: vertical, safeArea: safeArea)
  }

  func burst(_ path: String) throws(ProfileError) -> Profile.Burst {
    try requireSource(path)
    let easingName = try string(path + ".easing")
    guard let easing = Easing(rawValue: easingName) else {
      throw ProfileError(
        message:
          "\(path).easing: expected linear, ease-in, ease-out or ease-in-out, found \"\(InputText.excerpt(easingName))\""
      )
    }
    return Profile.Burst(
      count: try integer(path + ".count", atLeast: 1, atMost: 1000),
      durationMs: try number(path + ".durationMs", nonNegative: true), easing: easing)
  }

  func typography() throws(ProfileError) -> Profile.Typography {
    try requireSource("typography")
    try requireSource("typography.font")
    try requireSource("typography.sizes")
    var sizes: [TextSize: (pointSize: Double, lineHeight: Double)] = [:]
    for size in TextSize.allCases {
      let path = "typography.sizes." + size.rawValue
      sizes[size] = (try number(path + ".pointSize", positive: true), try number(path + ".lineHeight", positive: true))
    }
    let fallback = try? string("typography.font.fallback")
    let dictionary = try? string("typography.hyphenation.dictionary")
    let factor = try number("typography.hyphenationFactor", nonNegative: true)
    guard factor <= 1 else {
      throw ProfileError(message: "typography.hyphenationFactor: expected a number from 0 to 1, found \(factor)")
    }
    return Profile.Typography(
      fontFile: try string("typography.font.file"), fallbackFontFile: fallback, sizes: sizes,
      lineSpacing: try number("typography.lineSpacing", nonNegative: true),
      paragraphSpacing: try number("typography.paragraphSpacing", nonNegative: true),
      hyphenationFactor: factor,
      lineFragmentPadding: try number("typography.lineFragmentPadding", nonNegative: true),
      hyphenationDictionary: dictionary,
      hyphenLeftMin: (try? integer("typography.hyphenation.leftMin", atLeast: 1)) ?? 2,
      hyphenRightMin: (try? integer("typography.hyphenation.rightMin", atLeast: 1)) ?? 3,
      calibration: try calibration())
  }

  /// `typography.calibration`, if the profile has one: the device font's metrics, each sourced.
  func calibration() throws(ProfileError) -> Profile.Typography.Calibration? {
    let path = "typography.calibration"
    guard case .object? = root["typography"]?["calibration"] else {
      if let found = root["typography"]?["calibration"], found != .null {
        throw ProfileError(message: "\(path): expected an object of font metrics, found \(found.found)")
      }
      return nil
    }
    try requireSource(path)
    var scale: Double?
    if let v = try? value(path + ".advanceScale"), v != .null {
      scale = try number(path + ".advanceScale", positive: true)
    }
    return Profile.Typography.Calibration(
      unitsPerEm: try number(path + ".unitsPerEm", positive: true),
      ascender: try number(path + ".ascender", positive: true),
      descender: try number(path + ".descender"), lineGap: try number(path + ".lineGap", nonNegative: true),
      advanceScale: scale)
  }
}
