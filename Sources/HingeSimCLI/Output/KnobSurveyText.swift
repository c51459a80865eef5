import Knob

/// The text of `hingesim devices` and of the knob run's device line: each knob with its kind,
/// each node that cannot be opened with the reason.
enum KnobSurveyText {
  /// Every device of the survey on a line; a line saying why when there is none.
  static func text(_ survey: KnobDiscovery.Survey) -> String {
    guard !survey.entries.isEmpty else {
      if !survey.directoryExists {
        return
          "no knob found: \(survey.directory) does not exist (no input devices on this machine or "
          + "container; pass the host's /dev/input through to use a knob)\n"
      }
      return
        "no knob found: none of the \(survey.examined) device(s) in \(survey.directory) has a dial "
        + "(REL_DIAL), a wheel (REL_WHEEL, REL_WHEEL_HI_RES) or an absolute wheel axis\n"
    }
    var out = ""
    for entry in survey.entries {
      switch entry {
      case .knob(let info):
        let buttons = info.buttonNames.isEmpty ? "none" : info.buttonNames.joined(separator: ", ")
        out +=
          "\(info.path)  \(info.name)  \(info.vendorProduct)  \(kind(info))  buttons: \(buttons)\n"
      case .unavailable(let path, let name, let reason):
        out += "\(path)  \(name.map { $0 + "  " } ?? "")unavailable: \(reason)\n"
      }
    }
    return out
  }

  /// The knob's kind, its axis and steps per turn (`dial (REL_DIAL, 24 steps per turn)`).
  static func kind(_ info: KnobDeviceInfo) -> String {
    switch info.kind {
    case .absolute(let low, let high): "absolute (\(info.axisName) \(low)…\(high))"
    default:
      "\(info.kind.name) (\(info.axisName), \(Int(info.kind.defaultStepsPerTurn ?? 0)) steps per turn)"
    }
  }
}
