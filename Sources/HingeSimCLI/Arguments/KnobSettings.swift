import EventStream
import Inputs
import Knob
import Platform
import Simulator
import Timing

/// The mapping options the `knob` command takes, turned into a `KnobMapping` over the
/// profile's hinge range.
struct KnobSettings: Sendable, Equatable {
  /// `--degrees-per-step`: overrides the kind's default (one turn sweeps the range).
  var degreesPerStep: Double?
  /// `--acceleration`: extra gain for fast turns (0 = linear).
  var acceleration = 0.0
  /// `--snap`: detents at 0, 90 and 180 degrees.
  var snap = false
  /// `--button-action`: what a button press does.
  var buttonAction = KnobButtonAction.rotate

  /// Takes the mapping options from the arguments.
  static func parse(_ args: inout Arguments) throws(CLIError) -> KnobSettings {
    var settings = KnobSettings()
    if let step = try args.double("--degrees-per-step") {
      guard step > 0, step <= 180 else {
        throw .usage("--degrees-per-step: expected a number above 0 and at most 180, found \(step)")
      }
      settings.degreesPerStep = step
    }
    if let acceleration = try args.double("--acceleration") {
      guard (0...100).contains(acceleration) else {
        throw .usage("--acceleration: expected a number from 0 to 100, found \(acceleration)")
      }
      settings.acceleration = acceleration
    }
    settings.snap = args.flag("--snap")
    if let name = try args.option("--button-action") {
      guard let action = KnobButtonAction(name: name) else {
        throw .usage(
          "--button-action: expected rotate, text-size, turn, notes, sidebar or drag-to-notes, found '\(name)'")
      }
      settings.buttonAction = action
    }
    return settings
  }

  /// The mapping over the profile's hinge range (0…180 without a hinge).
  func mapping(profile: Profile) -> KnobMapping {
    let lower = profile.hinge?.minAngle ?? 0
    let upper = profile.hinge?.maxAngle ?? 180
    return KnobMapping(
      lower: lower, upper: upper, degreesPerStep: degreesPerStep, acceleration: acceleration,
      snapDetents: snap ? KnobMapping.standardDetents.filter { (lower...upper).contains($0) } : [],
      buttonAction: buttonAction)
  }
}
