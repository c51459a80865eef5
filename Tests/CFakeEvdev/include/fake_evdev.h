#pragma once
/*
 * A fake evdev device for tests: this target defines ioctl() (and read()) inside the binary
 * that links it, answers the evdev ioctls libevdev 1.13's libevdev_set_fd issues for pipes
 * registered here, and forwards every other call to the real functions (dlsym(RTLD_NEXT)).
 * Devices are keyed by the pipe's inode, so any descriptor on the same pipe (a dup, an
 * open("/proc/self/fd/N")) is the same fake device.
 */
#include <stdint.h>

/// Registers the pipe behind `read_fd` as an evdev device with a name and USB-style ids.
/// Returns 0, or -1 when the descriptor cannot be stat'ed or the registry is full.
int fake_evdev_add(int read_fd, const char *name, int bustype, int vendor, int product);
/// Forgets the device behind `read_fd`.
void fake_evdev_remove(int read_fd);
/// Advertises an event code (type EV_KEY, EV_REL, EV_MSC, …).
void fake_evdev_enable(int read_fd, unsigned int type, unsigned int code);
/// Advertises an absolute axis with its range and current value.
void fake_evdev_set_abs(int read_fd, unsigned int code, int minimum, int maximum, int value);
/// Sets the state EVIOCGKEY reports for a key (used by libevdev's SYN_DROPPED resync).
void fake_evdev_set_key_state(int read_fd, unsigned int code, int down);
/// The grab state the device last received through EVIOCGRAB (0 or 1), -1 if unknown.
int fake_evdev_grab_state(int read_fd);
/// How many EVIOCGRAB calls the device received.
int fake_evdev_grab_calls(int read_fd);
/// The clock id last set through EVIOCSCLOCKID, -1 if never set.
int fake_evdev_clock_id(int read_fd);
/// From now on read() on this device fails with `error` (e.g. ENODEV: the device is gone).
void fake_evdev_fail_reads(int read_fd, int error);
/// Writes one raw `struct input_event` to `write_fd`; returns 0 or -errno.
int fake_evdev_write(int write_fd, long sec, long usec, unsigned int type, unsigned int code, int value);
/// Writes one event stamped with CLOCK_MONOTONIC now; returns 0 or -errno.
int fake_evdev_write_now(int write_fd, unsigned int type, unsigned int code, int value);
/// Starts a thread that writes `count` frames (`type code value` + SYN_REPORT), each stamped
/// with CLOCK_MONOTONIC just before its write, `interval_us` apart. Returns 0 or -errno.
int fake_evdev_start_writer(int write_fd, int count, int interval_us, unsigned int type, unsigned int code, int value);
/// Waits for the writer thread started last; returns the number of frames written.
int fake_evdev_join_writer(void);
