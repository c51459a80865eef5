import Platform

/// An open knob: a `/dev/input/event*` node read through libevdev.
///
/// The device is opened `O_RDONLY | O_NONBLOCK`, its timestamps are switched to
/// `CLOCK_MONOTONIC`, and `readEvents()` drains what is queued without blocking. Poll
/// `fileDescriptor` (or call `waitForInput`) in the run loop, then read:
///
/// ```swift
/// let knob = try KnobDevice(path: "/dev/input/event5")
/// try knob.grab()                       // the desktop stops seeing it; released on close/deinit
/// var mapper = KnobMapper(device: knob.info, mapping: KnobMapping(lower: 0, upper: 180))
/// while try knob.waitForInput(timeout: 1000) {
///   for input in try knob.readEvents() {  // throws .unplugged when the knob goes away
///     for action in mapper.map(input) { print(action) }
///   }
/// }
/// ```
///
/// Not thread-safe: use it from the one run loop that owns it.
public final class KnobDevice {
  /// What the device is.
  public let info: KnobDeviceInfo
  /// True while this process holds the device's grab.
  public private(set) var isGrabbed = false
  /// True when the kernel accepted `CLOCK_MONOTONIC` timestamps (always, on real devices).
  public let usesMonotonicClock: Bool

  private var descriptor: Int32
  private var evdev: Evdev?
  private var syncing = false
  private var pendingError: KnobError?

  /// The descriptor to `poll()` for `POLLIN`; -1 once closed.
  public var fileDescriptor: Int32 { descriptor }

  /// The most inputs one `readEvents()` call returns, so a flood cannot starve the run loop.
  public static let maximumBatch = 1024

  /// Opens a device node (`O_RDONLY | O_NONBLOCK | O_CLOEXEC`) and describes it.
  ///
  /// Throws `.openFailed` (with a hint for permission problems), `.notEvdev`, `.notAKnob` or
  /// `.libraryUnavailable`.
  public convenience init(path: String) throws(KnobError) {
    let fd: Int32
    switch POSIX.openReadOnlyNonBlocking(path) {
    case .success(let opened): fd = opened
    case .failure(let error):
      throw .openFailed(
        path: path, errno: error.code,
        reason: KnobDiscovery.reason(openErrno: error.code, path: path))
    }
    try self.init(adopting: fd, path: path)
  }

  /// Takes ownership of an open, non-blocking descriptor (closed on failure, on `close()` and in
  /// `deinit`); `path` is used in descriptions and errors.
  public init(adopting fd: Int32, path: String) throws(KnobError) {
    let evdev: Evdev
    do {
      evdev = try Evdev(fd: fd)
    } catch {
      POSIX.close(fd)
      switch error {
      case .refused(let errno): throw .notEvdev(path: path, errno: errno)
      case .libraryUnavailable(let library): throw .libraryUnavailable(library)
      }
    }
    guard let info = KnobDevice.describe(evdev, path: path) else {
      let name = evdev.name
      evdev.free()
      POSIX.close(fd)
      throw .notAKnob(path: path, name: name)
    }
    self.info = info
    self.descriptor = fd
    self.evdev = evdev
    self.usesMonotonicClock = evdev.useMonotonicClock() == 0
  }

  deinit { close() }

  /// Takes the device away from the desktop (`EVIOCGRAB`): a wheel knob stops scrolling
  /// windows. Released by `ungrab()`, `close()` and `deinit` (and by the kernel at exit).
  public func grab() throws(KnobError) {
    guard let evdev else { throw .readFailed(path: info.path, errno: 9 /* EBADF */) }
    let rc = evdev.grab(true)
    guard rc == 0 else { throw .grabFailed(path: info.path, errno: -rc) }
    isGrabbed = true
  }

  /// Gives the device back to the desktop; harmless when not grabbed.
  public func ungrab() {
    guard isGrabbed, let evdev else { return }
    _ = evdev.grab(false)
    isGrabbed = false
  }

  /// Releases the grab, frees libevdev and closes the descriptor. Idempotent.
  public func close() {
    ungrab()
    evdev?.free()
    evdev = nil
    if descriptor >= 0 { POSIX.close(descriptor) }
    descriptor = -1
  }

  /// Waits up to `timeout` milliseconds (negative: forever) for input or a hang-up.
  /// Returns false on timeout; after true, call `readEvents()`.
  public func waitForInput(timeout: Double) throws(KnobError) -> Bool {
    guard descriptor >= 0 else { throw .readFailed(path: info.path, errno: 9 /* EBADF */) }
    if pendingError != nil { return true }
    let ms = timeout < 0 ? -1 : Int32(min(timeout.rounded(.up), Double(Int32.max)))
    switch POSIX.poll(descriptor, timeout: ms) {
    case .success(let ready): return ready.readable || ready.hungUp
    case .failure(let error): throw .readFailed(path: info.path, errno: error.code)
    }
  }

  /// Drains every queued event without blocking (at most `maximumBatch`).
  ///
  /// `SYN_DROPPED` becomes one `.dropped` input, followed by the state libevdev resynchronised
  /// (buttons released, absolute positions); relative motion in the gap is lost. An unplugged
  /// device (`ENODEV`, or a hung-up descriptor with nothing left to read) throws `.unplugged`,
  /// other errors `.readFailed` — after the inputs read before the error were returned.
  public func readEvents() throws(KnobError) -> [KnobInput] {
    if let error = pendingError {
      pendingError = nil
      throw error
    }
    guard let evdev else { throw .readFailed(path: info.path, errno: 9 /* EBADF */) }
    var inputs: [KnobInput] = []
    reading: while inputs.count < Self.maximumBatch {
      switch evdev.next(sync: syncing) {
      case .event(let raw):
        append(raw, to: &inputs)
      case .sync(let raw):
        if syncing {
          append(raw, to: &inputs)
        } else {
          syncing = true
          inputs.append(KnobInput(time: raw.milliseconds, kind: .dropped))
        }
      case .empty:
        if syncing {
          syncing = false
          continue reading
        }
        break reading
      case .failure(let code):
        let error: KnobError =
          code == 19 /* ENODEV */
          ? .unplugged(path: info.path) : .readFailed(path: info.path, errno: code)
        if inputs.isEmpty { throw error }
        pendingError = error
        return inputs
      }
    }
    if inputs.isEmpty, case .success(let ready) = POSIX.poll(descriptor, timeout: 0), ready.hungUp,
      !ready.readable
    {
      throw .unplugged(path: info.path)
    }
    return inputs
  }

  private func append(_ raw: RawEvent, to inputs: inout [KnobInput]) {
    if let input = KnobInput(
      time: raw.milliseconds, type: raw.type, code: raw.code, value: raw.value)
    {
      inputs.append(input)
    }
  }

  /// The knob description of an opened device, nil when it has no knob axis.
  static func describe(_ evdev: Evdev, path: String) -> KnobDeviceInfo? {
    let relative = Set(evdev.codes(type: KnobCode.evRel, upTo: 0x0f))
    var absolute: [UInt16: (min: Int32, max: Int32)] = [:]
    for code in KnobCode.absoluteKnobAxes {
      if let range = evdev.absoluteRange(code: code) { absolute[code] = (range.0, range.1) }
    }
    guard let (kind, axis) = KnobKind.detect(relative: relative, absolute: absolute) else {
      return nil
    }
    let buttons = KnobCode.buttonCodes.filter { evdev.has(type: KnobCode.evKey, code: $0) }
    return KnobDeviceInfo(
      path: path, name: evdev.name, vendor: evdev.vendor, product: evdev.product, kind: kind,
      axis: axis,
      buttons: Array(buttons))
  }
}
