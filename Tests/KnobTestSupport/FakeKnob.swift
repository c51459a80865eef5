import CFakeEvdev
import Glibc

/// A pipe registered with the fake evdev ioctl layer: the read end behaves like a device node.
public final class FakeKnob {
  /// The read end (the fake device node).
  public let readFD: Int32
  /// The write end (where tests write `input_event` records).
  public private(set) var writeFD: Int32

  /// `/proc/self/fd/N` of the read end: opening it reaches the same fake device.
  public var path: String { "/proc/self/fd/\(readFD)" }

  /// Registers a fake device named `name`; `configure` enables its event codes.
  public init(name: String, vendor: Int32 = 0x077d, product: Int32 = 0x0410, configure: (Int32) -> Void) {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0)
    readFD = fds[0]
    writeFD = fds[1]
    _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
    precondition(fake_evdev_add(readFD, name, 3, vendor, product) == 0)
    configure(readFD)
  }

  /// A fake powerMate.
  public static func powerMate() -> FakeKnob {
    FakeKnob(name: "Griffin PowerMate") { fd in
      fake_evdev_enable(fd, 1, 0x100)  // BTN_0
      fake_evdev_enable(fd, 2, 7)  // REL_DIAL
      fake_evdev_enable(fd, 4, 1)  // MSC_PULSELED
    }
  }

  /// A fake hiResMouse.
  public static func hiResMouse() -> FakeKnob {
    FakeKnob(name: "Logitech USB Optical Mouse", vendor: 0x046d, product: 0xc077) { fd in
      for code: UInt32 in [0x110, 0x111, 0x112] { fake_evdev_enable(fd, 1, code) }
      for code: UInt32 in [0, 1, 8, 11] { fake_evdev_enable(fd, 2, code) }
    }
  }

  /// A fake wheelOnly.
  public static func wheelOnly() -> FakeKnob {
    FakeKnob(name: "Encoder wheel", vendor: 0x1234, product: 0x0001) { fd in
      fake_evdev_enable(fd, 2, 8)
    }
  }

  /// A fake absoluteWheel.
  public static func absoluteWheel() -> FakeKnob {
    FakeKnob(name: "Tablet ring", vendor: 0x056a, product: 0x0300) { fd in
      fake_evdev_set_abs(fd, 8, 0, 71, 0)  // ABS_WHEEL 0…71
      fake_evdev_enable(fd, 1, 0x100)
    }
  }

  /// A fake keyboard.
  public static func keyboard() -> FakeKnob {
    FakeKnob(name: "AT keyboard", vendor: 1, product: 1) { fd in fake_evdev_enable(fd, 1, 30) }
  }

  /// Writes one raw `input_event`.
  public func write(_ sec: Int, _ usec: Int, _ type: UInt32, _ code: UInt32, _ value: Int32) {
    precondition(fake_evdev_write(writeFD, sec, usec, type, code, value) == 0)
  }

  /// One frame: the event plus SYN_REPORT.
  public func frame(_ sec: Int, _ usec: Int, _ type: UInt32, _ code: UInt32, _ value: Int32) {
    write(sec, usec, type, code, value)
    write(sec, usec, 0, 0, 0)
  }

  /// Closes the write end (the device then reads as unplugged).
  public func closeWriter() {
    if writeFD >= 0 { close(writeFD) }
    writeFD = -1
  }

  /// One frame stamped `offset` ms after the monotonic time `base` (ms).
  public func frame(at base: Double, plus offset: Double, type: UInt32, code: UInt32, value: Int32) {
    let micro = Int(((base + offset) * 1000).rounded())
    frame(micro / 1_000_000, micro % 1_000_000, type, code, value)
  }

  deinit {
    fake_evdev_remove(readFD)
    closeWriter()
    close(readFD)
  }
}
