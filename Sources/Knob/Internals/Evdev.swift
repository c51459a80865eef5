import CEvdev
import Platform

#if canImport(Glibc)
  import Glibc
#endif

/// One raw evdev event, as libevdev hands it out.
struct RawEvent: Sendable, Equatable {
  var seconds: Int
  var microseconds: Int
  var type: UInt16
  var code: UInt16
  var value: Int32

  /// The timestamp in milliseconds.
  var milliseconds: Double { Double(seconds) * 1000 + Double(microseconds) / 1000 }
}

/// What `Evdev.next` returned.
enum EvdevRead: Sendable, Equatable {
  /// An event in normal mode.
  case event(RawEvent)
  /// `SYN_DROPPED` (first call) or a resynchronised event (in sync mode).
  case sync(RawEvent)
  /// Nothing queued (`-EAGAIN`).
  case empty
  /// A read error (positive errno).
  case failure(Int32)
}

/// A thin owner of a `struct libevdev *` bound to a descriptor (libevdev 1.13).
final class Evdev {
  private var handle: OpaquePointer?

  /// `libevdev_new_from_fd`; returns the negative errno on failure.
  init(fd: Int32) throws(EvdevInitError) {
    var dev: OpaquePointer?
    let rc = libevdev_new_from_fd(fd, &dev)
    guard rc == 0, let dev else { throw EvdevInitError(errno: -rc) }
    handle = dev
  }

  deinit { free() }

  /// Frees the libevdev struct (not the descriptor).
  func free() {
    if let handle { libevdev_free(handle) }
    handle = nil
  }

  var name: String {
    guard let handle, let cName = libevdev_get_name(handle) else { return "" }
    return String(cString: cName)
  }
  var vendor: UInt16 { handle.map { UInt16(truncatingIfNeeded: libevdev_get_id_vendor($0)) } ?? 0 }
  var product: UInt16 {
    handle.map { UInt16(truncatingIfNeeded: libevdev_get_id_product($0)) } ?? 0
  }
  var bustype: UInt16 {
    handle.map { UInt16(truncatingIfNeeded: libevdev_get_id_bustype($0)) } ?? 0
  }

  func has(type: UInt16, code: UInt16) -> Bool {
    guard let handle else { return false }
    return libevdev_has_event_code(handle, UInt32(type), UInt32(code)) == 1
  }

  /// `(minimum, maximum)` of an absolute axis, nil when the device lacks it.
  func absoluteRange(code: UInt16) -> (Int32, Int32)? {
    guard let handle, let info = libevdev_get_abs_info(handle, UInt32(code)) else { return nil }
    return (info.pointee.minimum, info.pointee.maximum)
  }

  /// Every code of `type` the device advertises, up to `limit`.
  func codes(type: UInt16, upTo limit: UInt16) -> [UInt16] {
    (0...limit).filter { has(type: type, code: $0) }
  }

  /// `libevdev_set_clock_id(CLOCK_MONOTONIC)`; returns 0 or a negative errno.
  func useMonotonicClock() -> Int32 {
    guard let handle else { return -EBADF }
    return libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
  }

  /// `libevdev_grab`; returns 0 or a negative errno.
  func grab(_ on: Bool) -> Int32 {
    guard let handle else { return -EBADF }
    return libevdev_grab(handle, on ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
  }

  /// `libevdev_next_event` in normal or sync mode.
  func next(sync: Bool) -> EvdevRead {
    guard let handle else { return .failure(EBADF) }
    var ev = input_event()
    let flags = sync ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
    let rc = libevdev_next_event(handle, flags, &ev)
    let raw = RawEvent(
      seconds: Int(ev.time.tv_sec), microseconds: Int(ev.time.tv_usec), type: ev.type,
      code: ev.code, value: ev.value)
    switch rc {
    case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue): return .event(raw)
    case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue): return .sync(raw)
    case -EAGAIN: return .empty
    default: return .failure(rc < 0 ? -rc : EIO)
    }
  }

  /// libevdev's name for a code (`BTN_0`, `REL_DIAL`), nil when it has none.
  static func codeName(type: UInt16, code: UInt16) -> String? {
    guard let name = libevdev_event_code_get_name(UInt32(type), UInt32(code)) else { return nil }
    return String(cString: name)
  }

  /// The code for a name (`BTN_LEFT`), nil when libevdev does not know it.
  static func code(type: UInt16, name: String) -> UInt16? {
    let code = libevdev_event_code_from_name(UInt32(type), name)
    return code < 0 ? nil : UInt16(code)
  }
}

/// `libevdev_new_from_fd` failed with this errno.
struct EvdevInitError: Error {
  var errno: Int32
}
