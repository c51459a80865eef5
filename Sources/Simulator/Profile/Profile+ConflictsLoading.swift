import EventStream

extension ProfileFields {
  /// `conflicts`: for each conflict the profile names, `value` (the side it follows) and one
  /// object per side with its `source` note and the side's data (`avoidance-band.width`,
  /// `angle-and-orientation.landscape`, each `tent` side's `angle` and `orientation`). An old
  /// top-level `divisionWhenFlat` (`value` and `source`) is read as that conflict with only its
  /// chosen side noted.
  func conflicts(hinge: Profile.HingeProfile?) throws(ProfileError) -> Profile.Conflicts {
    var result = Profile.Conflicts()
    if root["divisionWhenFlat"] != nil {
      guard root["conflicts"]?["divisionWhenFlat"] == nil else {
        throw ProfileError(
          message:
            "divisionWhenFlat: expected it once, in conflicts.divisionWhenFlat, found it at the top level as well")
      }
      try requireSource("divisionWhenFlat")
      let side = try side(of: .divisionWhenFlat, at: "divisionWhenFlat.value")
      let (kind, reason) = try ProfileSources.parse(
        try string("divisionWhenFlat.source"), at: "divisionWhenFlat.source")
      result.entries.append(
        .init(
          conflict: .divisionWhenFlat, chosen: side, written: side,
          sides: SourceConflict.divisionWhenFlat.sides.map {
            $0 == side ? .init(name: $0, kind: kind, reason: reason) : .init(name: $0)
          }))
    }
    guard let section = root["conflicts"], section != .null else { return result }
    guard case .object(let fields) = section else {
      throw ProfileError(message: "conflicts: expected an object of conflicts, found \(section.found)")
    }
    for (key, _) in fields {
      guard let conflict = SourceConflict(rawValue: key) else {
        throw ProfileError(message: "conflicts.\(key): expected a conflict (\(SourceConflict.list)), found \"\(InputText.excerpt(key))\"")
      }
      try entry(conflict, into: &result, hinge: hinge)
    }
    return result
  }

  private func entry(_ conflict: SourceConflict, into result: inout Profile.Conflicts, hinge: Profile.HingeProfile?)
    throws(ProfileError)
  {
    let path = "conflicts." + conflict.rawValue
    guard case .object(let fields) = try value(path) else {
      throw ProfileError(
        message: "\(path): expected an object with 'value' and one object per side, found \(try value(path).found)")
    }
    for (key, _) in fields where key != "value" && !conflict.sides.contains(key) {
      throw ProfileError(
        message:
          "\(path).\(key): expected 'value' or a side (\(conflict.sides.joined(separator: ", "))), found \"\(InputText.excerpt(key))\"")
    }
    let chosen = try side(of: conflict, at: path + ".value")
    var sides: [Profile.Conflicts.Side] = []
    for side in conflict.sides {
      let sidePath = path + "." + side
      try requireSource(sidePath)
      guard case .string(let note)? = try value(sidePath)["source"] else {
        throw ProfileError(
          message: "\(sidePath).source: expected one note for the side (\(SourceKind.list): …), found an object")
      }
      let (kind, reason) = try ProfileSources.parse(note, at: sidePath + ".source")
      sides.append(.init(name: side, kind: kind, reason: reason))
    }
    switch conflict {
    case .foldWidth:
      let band = try number(path + ".avoidance-band.width", positive: true)
      guard band <= 1_000 else {
        throw ProfileError(
          message: "\(path).avoidance-band.width: expected a width from 0 to 1000 points, found \(band)")
      }
      result.avoidanceBand = band
    case .status:
      guard let hinge else {
        throw ProfileError(
          message: "\(path): expected a profile with a hinge (the status is the hinge's), found \"hinge\": null")
      }
      result.landscapeStatus = try landscapeThresholds(path + ".angle-and-orientation.landscape", hinge: hinge)
    case .tent:
      for side in conflict.sides {
        let sidePath = path + "." + side
        let angle = try number(sidePath + ".angle")
        let range = hinge.map { $0.minAngle...$0.maxAngle } ?? 0...0
        guard range.contains(angle) else {
          throw ProfileError(
            message:
              "\(sidePath).angle: expected an angle in the hinge range (\(NumberFormat.shortest(range.lowerBound))–\(NumberFormat.shortest(range.upperBound))°), found \(NumberFormat.shortest(angle))"
          )
        }
        let name = try string(sidePath + ".orientation")
        guard let orientation = Orientation(name: name) else {
          throw ProfileError(
            message:
              "\(sidePath).orientation: expected an orientation (\(Orientation.allCases.map(\.rawValue).joined(separator: ", "))), found \"\(InputText.excerpt(name))\""
          )
        }
        result.tentStarts[side] = .init(angle: angle, orientation: orientation)
      }
    default: break
    }
    result.entries.append(.init(conflict: conflict, chosen: chosen, written: chosen, sides: sides))
  }

  private func side(of conflict: SourceConflict, at path: String) throws(ProfileError) -> String {
    let text = try string(path)
    guard conflict.sides.contains(text) else {
      throw ProfileError(message: "\(path): expected \(conflict.sides.joined(separator: " or ")), found \"\(InputText.excerpt(text))\"")
    }
    return text
  }

  /// The status thresholds while the hinge is horizontal: the hinge's own with `closedBelow`
  /// and `fullyOpenAbove` replaced, in the same order the hinge's must be.
  private func landscapeThresholds(_ path: String, hinge: Profile.HingeProfile) throws(ProfileError)
    -> Profile.StatusThresholds
  {
    var t = hinge.status
    t.closedOpening = try number(path + ".closedBelow.opening")
    t.closedClosing = try number(path + ".closedBelow.closing")
    t.fullyOpenOpening = try number(path + ".fullyOpenAbove.opening")
    t.fullyOpenClosing = try number(path + ".fullyOpenAbove.closing")
    let range = hinge.minAngle...hinge.maxAngle
    for (value, key) in [
      (t.closedOpening, "closedBelow.opening"), (t.closedClosing, "closedBelow.closing"),
      (t.fullyOpenOpening, "fullyOpenAbove.opening"), (t.fullyOpenClosing, "fullyOpenAbove.closing"),
    ] where !range.contains(value) {
      throw ProfileError(
        message:
          "\(path).\(key): expected an angle in the hinge range (\(NumberFormat.shortest(range.lowerBound))–\(NumberFormat.shortest(range.upperBound))°), found \(NumberFormat.shortest(value))"
      )
    }
    try Self.checkOrder(t, at: path)
    return t
  }
}

extension Profile.Conflicts.Side {
  init(name: String) { self.init(name: name, kind: nil, reason: nil) }
}
