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

/// A thin owner of a `struct libevdev *` bound to a descriptor (libevdev 1.13), calling it
/// through `LibEvdev`.
final class Evdev {
  private let evdev: LibEvdev
  private var handle: OpaquePointer?

  /// `libevdev_new_from_fd`; throws the negative errno on failure, or that libevdev is missing.
  init(fd: Int32) throws(EvdevInitError) {
    do { evdev = try LibEvdev.load() } catch { throw .libraryUnavailable(error) }
    var dev: OpaquePointer?
    let rc = evdev.newFromFD(fd, &dev)
    guard rc == 0, let dev else { throw .refused(errno: -rc) }
    handle = dev
  }

  deinit { free() }

  /// Frees the libevdev struct (not the descriptor).
  func free() {
    if let handle { evdev.free(handle) }
    handle = nil
  }

  var name: String {
    guard let handle, let cName = evdev.getName(handle) else { return "" }
    return String(cString: cName)
  }
  var vendor: UInt16 { handle.map { UInt16(truncatingIfNeeded: evdev.getIDVendor($0)) } ?? 0 }
  var product: UInt16 {
    handle.map { UInt16(truncatingIfNeeded: evdev.getIDProduct($0)) } ?? 0
  }
  var bustype: UInt16 {
    handle.map { UInt16(truncatingIfNeeded: evdev.getIDBustype($0)) } ?? 0
  }

  func has(type: UInt16, code: UInt16) -> Bool {
    guard let handle else { return false }
    return evdev.hasEventCode(handle, UInt32(type), UInt32(code)) == 1
  }

  /// `(minimum, maximum)` of an absolute axis, nil when the device lacks it.
  func absoluteRange(code: UInt16) -> (Int32, Int32)? {
    guard let handle, let info = evdev.getAbsInfo(handle, UInt32(code)) else { return nil }
    return (info.pointee.minimum, info.pointee.maximum)
  }

  /// Every code of `type` the device advertises, up to `limit`.
  func codes(type: UInt16, upTo limit: UInt16) -> [UInt16] {
    (0...limit).filter { has(type: type, code: $0) }
  }

  /// `evdev.setClockID(CLOCK_MONOTONIC)`; returns 0 or a negative errno.
  func useMonotonicClock() -> Int32 {
    guard let handle else { return -EBADF }
    return evdev.setClockID(handle, CLOCK_MONOTONIC)
  }

  /// `libevdev_grab`; returns 0 or a negative errno.
  func grab(_ on: Bool) -> Int32 {
    guard let handle else { return -EBADF }
    return evdev.grab(handle, on ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
  }

  /// `libevdev_next_event` in normal or sync mode.
  func next(sync: Bool) -> EvdevRead {
    guard let handle else { return .failure(EBADF) }
    var ev = input_event()
    let flags = sync ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
    let rc = evdev.nextEvent(handle, flags, &ev)
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

  /// libevdev's name for a code (`BTN_0`, `REL_DIAL`), nil when it has none or libevdev is not
  /// installed.
  static func codeName(type: UInt16, code: UInt16) -> String? {
    guard let evdev = try? LibEvdev.load(), let name = evdev.eventCodeGetName(UInt32(type), UInt32(code)) else {
      return nil
    }
    return String(cString: name)
  }

  /// The code for a name (`BTN_LEFT`), nil when libevdev does not know it or is not installed.
  static func code(type: UInt16, name: String) -> UInt16? {
    guard let evdev = try? LibEvdev.load() else { return nil }
    let code = evdev.eventCodeFromName(UInt32(type), name)
    return code < 0 ? nil : UInt16(code)
  }
}

/// Why `Evdev(fd:)` failed.
enum EvdevInitError: Error {
  /// `libevdev_new_from_fd` failed with this errno.
  case refused(errno: Int32)
  /// libevdev is not installed or cannot be loaded.
  case libraryUnavailable(LibraryUnavailable)
}
