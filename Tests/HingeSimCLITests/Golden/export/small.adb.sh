#!/bin/sh
# hingesim export --to adb: 18 hinge angles over 1200 ms.
# The emulator derives its posture from the angle (posture N would move the hinge to the
# middle of that posture's range), so postures appear as comments only.
set -eu
emu() { adb ${ANDROID_SERIAL:+-s "$ANDROID_SERIAL"} emu "$@" >/dev/null; }
emu sensor set hinge-angle0 0  # t=0 ms, closed: posture 1 (closed)
sleep 0.11
emu sensor set hinge-angle0 18  # t=110 ms, partiallyOpen: posture 2 (half-opened)
sleep 0.016
emu sensor set hinge-angle0 36
sleep 0.016
emu sensor set hinge-angle0 72
sleep 0.016
emu sensor set hinge-angle0 90
sleep 0.016
emu sensor set hinge-angle0 126
sleep 0.016
emu sensor set hinge-angle0 144
emu sensor set hinge-angle0 162  # t=190 ms, fullyOpen: posture 3 (opened)
sleep 0.016
emu sensor set hinge-angle0 180
sleep 0.304
emu sensor set hinge-angle0 166
sleep 0.016
emu sensor set hinge-angle0 152
sleep 0.004
emu sensor set hinge-angle0 138  # t=530 ms, partiallyOpen: posture 2 (half-opened)
sleep 0.016
emu sensor set hinge-angle0 124
sleep 0.016
emu sensor set hinge-angle0 110
sleep 0.288
emu rotate  # to landscapeLeft
emu rotate  # to landscapeLeft
emu rotate  # to landscapeLeft
sleep 0.31
emu sensor set hinge-angle0 88
sleep 0.016
emu sensor set hinge-angle0 66
sleep 0.016
emu sensor set hinge-angle0 22
sleep 0.008
emu sensor set hinge-angle0 0  # t=1200 ms, closed: posture 1 (closed)
