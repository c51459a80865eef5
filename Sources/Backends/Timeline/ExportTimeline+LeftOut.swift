import EventStream

extension ExportTimeline {
  /// One line per kind of input in `kinds` that the timeline holds: the count, the times and why
  /// the target cannot carry them.
  func leftOut(_ kinds: Set<Input.Kind>, target: String) -> [String] {
    var times: [Input.Kind: [Double]] = [:]
    if kinds.contains(.rotation) { times[.rotation] = rotations.map(\.time) }
    for input in inputs where kinds.contains(input.kind) { times[input.kind, default: []].append(input.time) }
    return Input.Kind.allCases.compactMap { kind in
      guard let list = times[kind], !list.isEmpty else { return nil }
      let shown = list.prefix(6).map { NumberFormat.ms($0) }.joined(separator: ", ")
      let more = list.count > 6 ? ", …" : ""
      let plural = list.count == 1 ? "" : "s"
      return "\(list.count) \(kind.rawValue)\(plural) at \(shown)\(more) ms: \(target) cannot express \(kind.reason)"
    }
  }
}

extension ExportTimeline.Input.Kind {
  var reason: String {
    switch self {
    case .rotation: "a rotation (drive it with the tool's own rotate command)"
    case .textSize: "a Dynamic Type change (set it in the app's settings)"
    case .turn: "a page turn (it is a gesture in the app: tap or swipe)"
    case .goto: "a jump to a place (it is an action in the app)"
    case .split: "Split View (multitasking is not a device control)"
    }
  }
}
