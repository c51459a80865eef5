import CEvdev
import TestSupport
import Testing

@testable import Knob

/// Every libevdev function `Evdev` looks up at run time is libevdev's function of that name,
/// with the type `libevdev.h` declares (the comparison compiles only then; the test binary
/// links libevdev, `hingesim` does not).
@Suite struct LibEvdevFunctionTests {
  @Test func everyEntryIsLibevdevsFunction() throws {
    let evdev = try LibEvdev.load()
    var wrong = LinkedFunctions()
    wrong.check("libevdev_new_from_fd", evdev.newFromFD, libevdev_new_from_fd)
    wrong.check("libevdev_free", evdev.free, libevdev_free)
    wrong.check("libevdev_get_name", evdev.getName, libevdev_get_name)
    wrong.check("libevdev_get_id_vendor", evdev.getIDVendor, libevdev_get_id_vendor)
    wrong.check("libevdev_get_id_product", evdev.getIDProduct, libevdev_get_id_product)
    wrong.check("libevdev_get_id_bustype", evdev.getIDBustype, libevdev_get_id_bustype)
    wrong.check("libevdev_has_event_code", evdev.hasEventCode, libevdev_has_event_code)
    wrong.check("libevdev_get_abs_info", evdev.getAbsInfo, libevdev_get_abs_info)
    wrong.check("libevdev_set_clock_id", evdev.setClockID, libevdev_set_clock_id)
    wrong.check("libevdev_grab", evdev.grab, libevdev_grab)
    wrong.check("libevdev_next_event", evdev.nextEvent, libevdev_next_event)
    wrong.check("libevdev_event_code_get_name", evdev.eventCodeGetName, libevdev_event_code_get_name)
    wrong.check("libevdev_event_code_from_name", evdev.eventCodeFromName, libevdev_event_code_from_name)
    #expect(wrong.names == [])
  }
}
