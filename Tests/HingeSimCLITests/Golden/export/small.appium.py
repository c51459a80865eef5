#!/usr/bin/env python3
"""hingesim export --to appium: 18 hinge angles over 1200 ms.

Runs with Appium's Python client (pip install Appium-Python-Client) against an Appium server
with the XCUITest driver and an iPhone Duo simulator:

    APPIUM_URL=http://127.0.0.1:4723 HINGESIM_BUNDLE_ID=com.example.reader python3 tour.py

HINGESIM_UDID picks the simulator (default: the driver's choice). A step's success means the
hinge event was dispatched, not that the app has re-laid out.
"""

import os
import sys
import time

# The step list: at atMs after the start, run script with args (JSON).
STEPS = [
    {"atMs": 0, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 0}},
    {"atMs": 110, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 18}},
    {"atMs": 126, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 36}},
    {"atMs": 142, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 72}},
    {"atMs": 158, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 90}},
    {"atMs": 174, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 126}},
    {"atMs": 190, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 144}},
    {"atMs": 190, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 162}},
    {"atMs": 206, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 180}},
    {"atMs": 510, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 166}},
    {"atMs": 526, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 152}},
    {"atMs": 530, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 138}},
    {"atMs": 546, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 124}},
    {"atMs": 562, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 110}},
    {"atMs": 1160, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 88}},
    {"atMs": 1176, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 66}},
    {"atMs": 1192, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 22}},
    {"atMs": 1200, "script": "mobile: setSimulatedHingeAngle", "args": {"angle": 0}}
]


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
