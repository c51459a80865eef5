/// Everything `hingesim knob` was asked to do.
struct KnobRunOptions {
  var settings = KnobSettings()
  var device = "auto"
  var directory = "/dev/input"
  var replay: String?
  var speed = 1.0
  var grab = false
  var wait = false
  var recordPath: String?
  var view = false
  /// `--web`: the demo page in Chromium (a window when `$DISPLAY` is set).
  var web = false
  /// `--web-screenshot FILE`: the demo page as a PNG when the run ends.
  var webScreenshot: String?
  /// `--virtual`: no device; keys and the wheel in the view, the demo page's controls.
  var virtual = false
  /// `--browser-url URL`: with `--web`, a tab in a browser the user started.
  var browserURL: String?
  /// `--stream FILE`: the stream as JSON Lines, whatever the screen shows.
  var streamPath: String?
  var json = false
  var duration: Double?
  var source = SourceOptions()
  var reader = ReaderOptions()
}
