import EventStream

/// A Python script for Appium's Python client (`Appium-Python-Client`) driving the XCUITest
/// driver: the step list, `{"atMs":…,"script":"mobile: setSimulatedHingeAngle","args":{"angle":…}}`
/// per hinge angle as a JSON array in `STEPS`, and a `main` that opens a session and runs each
/// step at its time with `driver.execute_script(step["script"], step["args"])`.
///
/// The driver forwards the angle to WebDriverAgent's hinge endpoint, so the same rule holds: a
/// step's success means the event was dispatched, not that the app has re-laid out. The session
/// is configured from the environment (`APPIUM_URL`, `HINGESIM_BUNDLE_ID`, `HINGESIM_UDID`), so
/// the script runs unedited.
enum AppiumExport {
  static func render(_ timeline: ExportTimeline) -> ExportOutput {
    var steps = "[\n"
    for (index, angle) in timeline.angles.enumerated() {
      steps += "    {\"atMs\": \(NumberFormat.ms(angle.time)), \"script\": \"mobile: setSimulatedHingeAngle\", "
      steps += "\"args\": {\"angle\": \(NumberFormat.shortest(angle.update.angle))}}"
      steps += index == timeline.angles.count - 1 ? "\n" : ",\n"
    }
    steps += "]"
    let end = NumberFormat.ms(timeline.angles.last?.time ?? 0)
    let text = """
      #!/usr/bin/env python3
      \"\"\"hingesim export --to appium: \(timeline.angles.count) hinge angles over \(end) ms.

      Runs with Appium's Python client (pip install Appium-Python-Client) against an Appium server
      with the XCUITest driver and an iPhone Duo simulator:

          APPIUM_URL=http://127.0.0.1:4723 HINGESIM_BUNDLE_ID=com.example.reader python3 tour.py

      HINGESIM_UDID picks the simulator (default: the driver's choice). A step's success means the
      hinge event was dispatched, not that the app has re-laid out.
      \"\"\"

      import os
      import sys
      import time

      # The step list: at atMs after the start, run script with args (JSON).
      STEPS = \(steps)


      def main() -> int:
          from appium import webdriver
          from appium.options.ios import XCUITestOptions

          options = XCUITestOptions()
          bundle = os.environ.get("HINGESIM_BUNDLE_ID")
          if not bundle:
              print("set HINGESIM_BUNDLE_ID to the app under test", file=sys.stderr)
              return 64
          options.bundle_id = bundle
          if os.environ.get("HINGESIM_UDID"):
              options.udid = os.environ["HINGESIM_UDID"]
          driver = webdriver.Remote(os.environ.get("APPIUM_URL", "http://127.0.0.1:4723"), options=options)
          try:
              start = time.monotonic()
              for step in STEPS:
                  delay = step["atMs"] / 1000 - (time.monotonic() - start)
                  if delay > 0:
                      time.sleep(delay)
                  driver.execute_script(step["script"], step["args"])
          finally:
              driver.quit()
          return 0


      if __name__ == "__main__":
          sys.exit(main())

      """
    let leftOut = timeline.leftOut(
      [.rotation, .textSize, .turn, .goto, .split], target: "mobile: setSimulatedHingeAngle")
    return ExportOutput(text: text, leftOut: leftOut)
  }
}
