/// The script the simulate and script benchmarks generate: open/close ramps at 1000 Hz.
enum RampScript {
  /// A script of about `samples` samples: `rate 1000` and open/close ramps of 1 s each.
  static func text(samples: Int) -> String {
    let ramps = max(1, samples / 1000)
    var text =
      "# generated: \(ramps) ramps of 1000 samples at 1000 Hz\nrate 1000\nstart closed portrait\n"
    if ramps >= 2 {
      text += "repeat \(ramps / 2) { open to 180 over 1s ease-in-out; close over 1s ease-in-out }\n"
    }
    if ramps % 2 == 1 { text += "open to 180 over 1s\n" }
    return text
  }
}
