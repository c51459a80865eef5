import CFakeEvdev
import Glibc
import KnobTestSupport
import Testing

@testable import Knob

/// Real libevdev 1.13 on pipes answered by the fake ioctl layer; serialized (one registry).
@Suite(.serialized) struct KnobDeviceTests {
  @Test func describesAPowerMateAsADialWithItsButton() throws {
    let fake = FakeKnob.powerMate()
    let knob = try KnobDevice(path: fake.path)
    #expect(knob.info.name == "Griffin PowerMate")
    #expect(knob.info.vendorProduct == "077d:0410")
    #expect(knob.info.kind == .dial)
    #expect(knob.info.axisName == "REL_DIAL")
    #expect(knob.info.buttonNames == ["BTN_0"])
    #expect(fake_evdev_clock_id(fake.readFD) == CLOCK_MONOTONIC)
    #expect(knob.usesMonotonicClock)
  }

  @Test func prefersHiResWheelOverWheel() throws {
    let fake = FakeKnob.hiResMouse()
    let knob = try KnobDevice(path: fake.path)
    #expect(knob.info.kind == .hiResWheel)
    #expect(knob.info.axis == KnobCode.relWheelHiRes)
    #expect(knob.info.buttonNames == ["BTN_LEFT", "BTN_RIGHT", "BTN_MIDDLE"])
  }

  @Test func describesWheelAndAbsoluteAxes() throws {
    let wheel = FakeKnob.wheelOnly()
    #expect(try KnobDevice(path: wheel.path).info.kind == .wheel)
    let ring = FakeKnob.absoluteWheel()
    let info = try KnobDevice(path: ring.path).info
    #expect(info.kind == .absolute(min: 0, max: 71))
    #expect(info.axisName == "ABS_WHEEL")
  }

  @Test func refusesKeyboardsAndNonEvdevFiles() {
    let keyboard = FakeKnob.keyboard()
    #expect(throws: KnobError.notAKnob(path: keyboard.path, name: "AT keyboard")) {
      try KnobDevice(path: keyboard.path)
    }
    #expect {
      try KnobDevice(path: "/proc/self/stat")
    } throws: { error in
      guard case .notEvdev = error as? KnobError else { return false }
      return true
    }
    #expect {
      try KnobDevice(path: "/nonexistent/event9")
    } throws: { error in
      guard case .openFailed(_, let code, _) = error as? KnobError else { return false }
      return code == ENOENT
    }
  }

  @Test func readsEventsWithTheirTimestamps() throws {
    let fake = FakeKnob.powerMate()
    let knob = try KnobDevice(path: fake.path)
    #expect(try knob.readEvents() == [])
    fake.frame(5, 250, 2, 7, 3)
    fake.frame(5, 8250, 2, 7, -2)
    fake.frame(6, 0, 1, 0x100, 1)
    fake.write(6, 100, 4, 1, 255)  // MSC_PULSELED: ignored
    fake.frame(6, 200_000, 1, 0x100, 0)
    #expect(try knob.waitForInput(timeout: 0))
    let inputs = try knob.readEvents()
    #expect(
      inputs == [
        KnobInput(time: 5000.25, kind: .relative(code: 7, value: 3)),
        KnobInput(time: 5008.25, kind: .relative(code: 7, value: -2)),
        KnobInput(time: 6000, kind: .button(code: 0x100, pressed: true)),
        KnobInput(time: 6200, kind: .button(code: 0x100, pressed: false)),
      ])
    #expect(try knob.readEvents() == [])
    #expect(try !knob.waitForInput(timeout: 0))
  }

  @Test func synDroppedResyncsAndReportsTheLoss() throws {
    let fake = FakeKnob.powerMate()
    let knob = try KnobDevice(path: fake.path)
    fake.frame(1, 0, 2, 7, 2)
    fake.frame(1, 10000, 1, 0x100, 1)  // pressed; the kernel then loses the release
    #expect(try knob.readEvents().count == 2)
    fake_evdev_set_key_state(fake.readFD, 0x100, 0)
    fake.write(1, 20000, 0, 3, 0)  // SYN_DROPPED
    fake.frame(1, 30000, 2, 7, -2)  // discarded by libevdev's resync
    let inputs = try knob.readEvents()
    #expect(inputs.first == KnobInput(time: 1020, kind: .dropped))
    #expect(inputs.contains { $0.kind == .button(code: 0x100, pressed: false) })
    #expect(!inputs.contains { $0.kind == .relative(code: 7, value: -2) })
    fake.frame(2, 0, 2, 7, 1)
    #expect(try knob.readEvents() == [KnobInput(time: 2000, kind: .relative(code: 7, value: 1))])
  }

  @Test func writerCloseIsAnUnplugAfterTheQueuedEvents() throws {
    let fake = FakeKnob.powerMate()
    let knob = try KnobDevice(path: fake.path)
    fake.frame(1, 0, 2, 7, 4)
    fake.closeWriter()
    #expect(try knob.waitForInput(timeout: 0))
    #expect(try knob.readEvents() == [KnobInput(time: 1000, kind: .relative(code: 7, value: 4))])
    #expect(throws: KnobError.unplugged(path: fake.path)) { try knob.readEvents() }
  }

  @Test func enodevIsAnUnplugAndOtherErrorsAreReadFailures() throws {
    let fake = FakeKnob.powerMate()
    let knob = try KnobDevice(path: fake.path)
    fake_evdev_fail_reads(fake.readFD, ENODEV)
    #expect(throws: KnobError.unplugged(path: fake.path)) { try knob.readEvents() }
    fake_evdev_fail_reads(fake.readFD, EIO)
    #expect(throws: KnobError.readFailed(path: fake.path, errno: EIO)) { try knob.readEvents() }
    fake_evdev_fail_reads(fake.readFD, 0)
    fake.frame(3, 0, 2, 7, 1)
    #expect(try knob.readEvents().count == 1)
  }

  @Test func grabIsReleasedOnCloseAndDeinit() throws {
    let fake = FakeKnob.powerMate()
    do {
      let knob = try KnobDevice(path: fake.path)
      try knob.grab()
      #expect(knob.isGrabbed)
      #expect(fake_evdev_grab_state(fake.readFD) == 1)
    }
    #expect(fake_evdev_grab_state(fake.readFD) == 0)

    let knob = try KnobDevice(path: fake.path)
    try knob.grab()
    knob.ungrab()
    knob.ungrab()
    #expect(fake_evdev_grab_state(fake.readFD) == 0)
    try knob.grab()
    knob.close()
    knob.close()
    #expect(fake_evdev_grab_state(fake.readFD) == 0)
    #expect(knob.fileDescriptor == -1)
    #expect(throws: KnobError.self) { try knob.readEvents() }
  }

  @Test func discoveryListsKnobsAndUnopenableNodesInNodeOrder() throws {
    let dial = FakeKnob.powerMate()
    let wheel = FakeKnob.hiResMouse()
    let keyboard = FakeKnob.keyboard()
    let dir = "/tmp/knob-scan-\(getpid())"
    try #require(mkdir(dir, 0o755) == 0 || errno == EEXIST)
    defer {
      for name in ["event0", "event2", "event10", "event3", "mouse0", "plain"] {
        unlink(dir + "/" + name)
      }
      rmdir(dir)
    }
    symlink(dial.path, dir + "/event0")
    symlink(keyboard.path, dir + "/event2")
    symlink(wheel.path, dir + "/event10")
    let plain = open(dir + "/plain", O_CREAT | O_WRONLY, 0o644)
    close(plain)
    symlink(dir + "/plain", dir + "/event3")
    symlink(dial.path, dir + "/mouse0")

    let survey = KnobDiscovery.survey(directory: dir, sysfs: "/nonexistent")
    #expect(survey.examined == 4)
    let expected: [String] = ["event0", "event3", "event10"].map { dir + "/" + $0 }
    let paths: [String] = survey.entries.map(\.path)
    #expect(paths == expected)
    guard case .knob(let first) = survey.entries[0],
      case .unavailable(_, _, let reason) = survey.entries[1],
      case .knob(let last) = survey.entries[2]
    else {
      Issue.record("unexpected entries \(survey.entries)")
      return
    }
    #expect(first.kind == .dial)
    #expect(reason.hasPrefix("not an evdev input device"))
    #expect(last.kind == .hiResWheel)
    #expect(KnobDiscovery.find(matching: last, directory: dir) == dir + "/event10")

    let missing = KnobDiscovery.survey(directory: "/nonexistent/input")
    #expect(!missing.directoryExists)
    #expect(missing.entries.isEmpty)
  }

  @Test func permissionHintNamesTheGroupAndAUdevRule() {
    let reason = KnobDiscovery.reason(
      openErrno: EACCES, path: "/nonexistent/event4", ids: ("077d", "0410"))
    #expect(reason.hasPrefix("permission denied: add yourself to the 'input' group"))
    #expect(reason.contains("usermod -aG input"))
    #expect(reason.contains("ATTRS{id/vendor}==\"077d\""))
    #expect(reason.contains("TAG+=\"uaccess\""))
  }

  @Test func aWriterThreadsFramesAllArriveInOrder() throws {
    let fake = FakeKnob.powerMate()
    let knob = try KnobDevice(path: fake.path)
    #expect(fake_evdev_start_writer(fake.writeFD, 50, 200, 2, 7, 1) == 0)
    var inputs: [KnobInput] = []
    while inputs.count < 50, try knob.waitForInput(timeout: 2000) {
      inputs += try knob.readEvents()
    }
    #expect(fake_evdev_join_writer() == 50)
    #expect(inputs.count == 50)
    #expect(inputs.allSatisfy { $0.kind == .relative(code: 7, value: 1) })
    #expect(zip(inputs, inputs.dropFirst()).allSatisfy { $0.time <= $1.time })
  }
}
