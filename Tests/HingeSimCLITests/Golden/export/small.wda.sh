#!/bin/sh
# hingesim export --to wda: 18 hinge angles over 1200 ms.
# WebDriverAgent answers when the event is dispatched, not when the device applied the angle;
# each call's round trip adds to the waits below.
set -eu
WDA_URL="${WDA_URL:-http://localhost:8100}"
SESSION_ID="${SESSION_ID:?set SESSION_ID to the WebDriverAgent session id}"
angle() {
  curl -sS -f -X POST -H 'Content-Type: application/json' -d "{\"angle\": $1}" \
    "$WDA_URL/session/$SESSION_ID/wda/device/hingeAngle" >/dev/null
}
angle 0  # t=0 ms, closed
sleep 0.11
angle 18  # t=110 ms, partiallyOpen
sleep 0.016
angle 36
sleep 0.016
angle 72
sleep 0.016
angle 90
sleep 0.016
angle 126
sleep 0.016
angle 144
angle 162  # t=190 ms, fullyOpen
sleep 0.016
angle 180
sleep 0.304
angle 166
sleep 0.016
angle 152
sleep 0.004
angle 138  # t=530 ms, partiallyOpen
sleep 0.016
angle 124
sleep 0.016
angle 110
sleep 0.598
angle 88
sleep 0.016
angle 66
sleep 0.016
angle 22
sleep 0.008
angle 0  # t=1200 ms, closed
