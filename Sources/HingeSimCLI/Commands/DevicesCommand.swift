import EventStream
import Inputs
import Knob
import Platform
import Simulator
import Timing

/// `hingesim devices`: lists the input devices that can serve as a knob.
struct DevicesCommand: Command {
  static let name = "devices"
  static let summary = "list the knobs (dials, wheels) under /dev/input"
  static let usage = """
    usage: hingesim devices [--json] [--dir DIR]

    Lists every /dev/input/event* that can drive the hinge: a relative dial (REL_DIAL, e.g.
    Griffin PowerMate, Surface Dial), a wheel (REL_WHEEL / REL_WHEEL_HI_RES) or an absolute wheel
    axis, with its name, vendor:product, kind and buttons. Nodes that cannot be opened are listed
    with the reason and what fixes it. No knob is not an error (exit 0).

    options:
      --json       one JSON object: {"directory", "knobs": [...], "unavailable": [...]}
      --dir DIR    scan DIR instead of /dev/input

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let json = args.flag("--json")
    let directory = try args.option("--dir") ?? "/dev/input"
    let extra = try args.positionals()
    guard extra.isEmpty else { throw .usage("devices takes no arguments, found '\(InputText.excerpt(extra[0]))'") }
    let survey = KnobDiscovery.survey(directory: directory)
    context.stdout.write(json ? Self.json(survey) : KnobSurveyText.text(survey))
    return .ok
  }

  static func json(_ survey: KnobDiscovery.Survey) -> String {
    var knobs: [String] = []
    var unavailable: [String] = []
    for entry in survey.entries {
      switch entry {
      case .knob(let info):
        var fields = [
          "\"path\":\(quote(info.path))", "\"name\":\(quote(info.name))",
          "\"vendor\":\(quote(String(info.vendorProduct.prefix(4))))",
          "\"product\":\(quote(String(info.vendorProduct.suffix(4))))",
          "\"kind\":\(quote(jsonKind(info.kind)))", "\"axis\":\(quote(info.axisName))",
        ]
        if case .absolute(let low, let high) = info.kind {
          fields += ["\"min\":\(low)", "\"max\":\(high)"]
        }
        if let steps = info.kind.defaultStepsPerTurn {
          fields.append("\"stepsPerTurn\":\(Int(steps))")
        }
        fields.append("\"buttons\":[\(info.buttonNames.map(quote).joined(separator: ","))]")
        knobs.append("{" + fields.joined(separator: ",") + "}")
      case .unavailable(let path, let name, let reason):
        let nameField = name.map { ",\"name\":\(quote($0))" } ?? ""
        unavailable.append("{\"path\":\(quote(path))\(nameField),\"reason\":\(quote(reason))}")
      }
    }
    return "{\"directory\":\(quote(survey.directory)),\"exists\":\(survey.directoryExists),"
      + "\"examined\":\(survey.examined),\"knobs\":[\(knobs.joined(separator: ","))],"
      + "\"unavailable\":[\(unavailable.joined(separator: ","))]}\n"
  }

  static func jsonKind(_ kind: KnobKind) -> String {
    switch kind {
    case .dial: "dial"
    case .wheel: "wheel"
    case .hiResWheel: "hiResWheel"
    case .absolute: "absolute"
    }
  }

  /// A JSON string literal.
  static func quote(_ text: String) -> String { JSONObjectWriter.quoted(text) }
}
