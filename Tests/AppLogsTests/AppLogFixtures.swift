import Reader
import Simulator
import TestSupport

/// The bundled profile and a text of about 60,000 UTF-16 units, what the app-log tests align
/// their hand-written logs with (their ranges are the app's: only their place in the text counts).
enum AppLogFixtures {
  static let profile = TestSupport.profile()

  static let text = String(
    repeating: "The ferry crossed at dusk; the lighthouse keeper counted the lanterns along the coast.\n",
    count: 700)
}
