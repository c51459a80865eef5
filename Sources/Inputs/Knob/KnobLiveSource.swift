import EventStream
import Knob
import Platform

/// A knob device as a live source: reads through libevdev, maps through `KnobTranslator`,
/// and stamps each input with its `CLOCK_MONOTONIC` time converted to stream time.
///
/// The first read hands out a sample of the starting angle. Unplugging throws an `.io`
/// `InputError` — or, with `waitForReturn`, warns, closes the device and looks for it again
/// every half second until it is back (grabbed again when it was grabbed).
public struct KnobLiveSource: LiveSource {
  /// The open device, nil while waiting for an unplugged knob to come back.
  private(set) var device: KnobDevice?
  private let info: KnobDeviceInfo
  private var translator: KnobTranslator
  private let waitForReturn: Bool
  private let grab: Bool
  private let directory: String
  private var started = false
  private var retryAt: Double?

  /// Wraps an opened device; `grab` says whether it was grabbed (to grab it again after a
  /// replug); `directory` is where to look for it again.
  public init(
    device: KnobDevice, mapping: KnobMapping, waitForReturn: Bool = false, grab: Bool = false,
    directory: String = "/dev/input", warn: @escaping (String) -> Void
  ) {
    self.device = device
    info = device.info
    translator = KnobTranslator(
      mapper: KnobMapper(device: device.info, mapping: mapping, initialDegrees: mapping.lower),
      warn: warn)
    self.waitForReturn = waitForReturn
    self.grab = grab
    self.directory = directory
  }

  public var fileDescriptor: Int32 { device?.fileDescriptor ?? -1 }
  public var nextWake: Double? { retryAt }
  public var isFinished: Bool { false }

  public mutating func readAvailable(clock: LiveClock) throws(InputError) -> [Event] {
    var events: [Event] = []
    if !started {
      started = true
      events.append(translator.initialSample(at: clock.now))
    }
    guard let device else {
      reopen(clock: clock)
      return events
    }
    do {
      for input in try device.readEvents() {
        events += translator.events(for: input, at: clock.streamTime(monotonic: input.time))
      }
    } catch {
      if case .unplugged = error, waitForReturn {
        translator.warn(
          "\(info.path): the knob was unplugged; waiting for it to come back (Ctrl-C to stop)")
        device.close()
        self.device = nil
        retryAt = clock.now + 500
        return events
      }
      throw InputError(file: info.path, line: 0, column: 0, message: Self.message(error), kind: .io)
    }
    return events
  }

  private mutating func reopen(clock: LiveClock) {
    retryAt = clock.now + 500
    guard let path = KnobDiscovery.find(matching: info, directory: directory),
      let reopened = try? KnobDevice(path: path)
    else { return }
    if grab { try? reopened.grab() }
    device = reopened
    retryAt = nil
    translator.warn("\(path): the knob is back")
  }

  /// The message after `path: ` for a device error.
  static func message(_ error: KnobError) -> String {
    let text = error.description
    guard let path = errorPath(error) else { return text }
    let prefix = "\(path): "
    return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
  }

  private static func errorPath(_ error: KnobError) -> String? {
    switch error {
    case .openFailed(let path, _, _), .notEvdev(let path, _), .notAKnob(let path, _),
      .unplugged(let path), .readFailed(let path, _), .grabFailed(let path, _):
      path
    case .libraryUnavailable: nil
    }
  }
}
