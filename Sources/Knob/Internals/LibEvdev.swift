import CEvdev
import Platform

/// The libevdev functions `Evdev` calls, looked up in `libevdev.so.2` (Debian's libevdev2) when
/// the first device is opened, so commands that read no knob never map it; `libevdev.h`
/// declares each one as named in its comment.
struct LibEvdev: LibraryFunctions, @unchecked Sendable {
  /// `libevdev_new_from_fd`
  let newFromFD: @convention(c) (Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
  /// `libevdev_free`
  let free: @convention(c) (OpaquePointer?) -> Void
  /// `libevdev_get_name`
  let getName: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
  /// `libevdev_get_id_vendor`
  let getIDVendor: @convention(c) (OpaquePointer?) -> Int32
  /// `libevdev_get_id_product`
  let getIDProduct: @convention(c) (OpaquePointer?) -> Int32
  /// `libevdev_get_id_bustype`
  let getIDBustype: @convention(c) (OpaquePointer?) -> Int32
  /// `libevdev_has_event_code`
  let hasEventCode: @convention(c) (OpaquePointer?, UInt32, UInt32) -> Int32
  /// `libevdev_get_abs_info`
  let getAbsInfo: @convention(c) (OpaquePointer?, UInt32) -> UnsafePointer<input_absinfo>?
  /// `libevdev_set_clock_id`
  let setClockID: @convention(c) (OpaquePointer?, Int32) -> Int32
  /// `libevdev_grab`
  let grab: @convention(c) (OpaquePointer?, libevdev_grab_mode) -> Int32
  /// `libevdev_next_event`
  let nextEvent: @convention(c) (OpaquePointer?, UInt32, UnsafeMutablePointer<input_event>?) -> Int32
  /// `libevdev_event_code_get_name`
  let eventCodeGetName: @convention(c) (UInt32, UInt32) -> UnsafePointer<CChar>?
  /// `libevdev_event_code_from_name`
  let eventCodeFromName: @convention(c) (UInt32, UnsafePointer<CChar>?) -> Int32

  private init(_ library: DynamicLibrary) throws(LibraryUnavailable) {
    newFromFD = try library.function("libevdev_new_from_fd")
    free = try library.function("libevdev_free")
    getName = try library.function("libevdev_get_name")
    getIDVendor = try library.function("libevdev_get_id_vendor")
    getIDProduct = try library.function("libevdev_get_id_product")
    getIDBustype = try library.function("libevdev_get_id_bustype")
    hasEventCode = try library.function("libevdev_has_event_code")
    getAbsInfo = try library.function("libevdev_get_abs_info")
    setClockID = try library.function("libevdev_set_clock_id")
    grab = try library.function("libevdev_grab")
    nextEvent = try library.function("libevdev_next_event")
    eventCodeGetName = try library.function("libevdev_event_code_get_name")
    eventCodeFromName = try library.function("libevdev_event_code_from_name")
  }

  static let shared = Result { () throws(LibraryUnavailable) in
    try LibEvdev(DynamicLibrary.open("libevdev.so.2", package: "libevdev2"))
  }
}
