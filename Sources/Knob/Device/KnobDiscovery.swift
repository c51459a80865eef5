import Platform

/// Finds the knobs under `/dev/input`.
///
/// ```swift
/// for entry in KnobDiscovery.scan() {
///   switch entry {
///   case .knob(let info): print(info.path, info.name, info.kind.name)
///   case .unavailable(let path, _, let reason): print(path, reason)
///   }
/// }
/// ```
public enum KnobDiscovery {
  /// One device node worth showing.
  public enum Entry: Sendable, Equatable {
    /// A device that can serve as a knob.
    case knob(KnobDeviceInfo)
    /// A node that could not be opened or read; `name` comes from sysfs when available.
    case unavailable(path: String, name: String?, reason: String)

    /// The device node.
    public var path: String {
      switch self {
      case .knob(let info): info.path
      case .unavailable(let path, _, _): path
      }
    }
  }

  /// The result of a scan, with what a "no knob" message needs.
  public struct Survey: Sendable, Equatable {
    /// The directory scanned.
    public var directory: String
    /// False when the directory does not exist (containers, machines without input devices).
    public var directoryExists: Bool
    /// How many `event*` nodes were looked at.
    public var examined: Int
    /// Knobs and unavailable nodes, in node order (`event2` before `event10`).
    public var entries: [Entry]
  }

  /// Knobs and unopenable nodes under `directory`; ordinary devices (keyboards, mice without a
  /// wheel) are left out. Unopenable nodes that sysfs says are not knobs are left out too.
  public static func scan(directory: String = "/dev/input", sysfs: String = "/sys/class/input")
    -> [Entry]
  {
    survey(directory: directory, sysfs: sysfs).entries
  }

  /// Like `scan`, with the counts a "no knob found" message needs.
  public static func survey(directory: String = "/dev/input", sysfs: String = "/sys/class/input")
    -> Survey
  {
    guard let names = POSIX.directoryEntries(directory) else {
      return Survey(
        directory: directory, directoryExists: POSIX.exists(directory), examined: 0, entries: [])
    }
    let nodes = names.filter { $0.hasPrefix("event") }.sorted(by: nodeOrder)
    var entries: [Entry] = []
    for node in nodes {
      let path = directory.hasSuffix("/") ? directory + node : directory + "/" + node
      if let entry = examine(path: path, sysfs: sysfs + "/" + node) { entries.append(entry) }
    }
    return Survey(
      directory: directory, directoryExists: true, examined: nodes.count, entries: entries)
  }

  /// The path of a knob that looks like `info` (same name, vendor and product), for waiting until
  /// an unplugged knob comes back.
  public static func find(matching info: KnobDeviceInfo, directory: String = "/dev/input")
    -> String?
  {
    for case .knob(let candidate) in scan(directory: directory, sysfs: "/nonexistent")
    where candidate.name == info.name && candidate.vendor == info.vendor
      && candidate.product == info.product
    {
      return candidate.path
    }
    return nil
  }

  private static func examine(path: String, sysfs: String) -> Entry? {
    let fd: Int32
    switch POSIX.openReadOnlyNonBlocking(path) {
    case .success(let opened): fd = opened
    case .failure(let error):
      let hint = SysfsInput(path: sysfs)
      if hint.isKnob == false { return nil }
      return .unavailable(
        path: path, name: hint.name,
        reason: reason(openErrno: error.code, path: path, ids: hint.ids))
    }
    defer { POSIX.close(fd) }
    let evdev: Evdev
    do {
      evdev = try Evdev(fd: fd)
    } catch {
      let reason =
        switch error {
        case .refused(let errno): "not an evdev input device (\(POSIX.message(errno)))"
        case .libraryUnavailable(let library): "\(library)"
        }
      return .unavailable(path: path, name: SysfsInput(path: sysfs).name, reason: reason)
    }
    defer { evdev.free() }
    return KnobDevice.describe(evdev, path: path).map(Entry.knob)
  }

  /// What to tell the user when `open` failed with `errno`.
  /// `ids` (vendor, product as 4 hex digits, from sysfs) narrow the suggested udev rule.
  static func reason(openErrno code: Int32, path: String, ids: (String, String)? = nil) -> String {
    switch code {
    case 13 /* EACCES */, 1 /* EPERM */:
      let group = POSIX.groupName(of: path) ?? "input"
      let match =
        ids.map { "ATTRS{id/vendor}==\"\($0.0)\", ATTRS{id/product}==\"\($0.1)\", " } ?? ""
      return "permission denied: add yourself to the '\(group)' group "
        + "(sudo usermod -aG \(group) $USER, then log in again) or add a udev rule: "
        + "echo 'SUBSYSTEM==\"input\", KERNEL==\"event*\", \(match)TAG+=\"uaccess\"' "
        + "| sudo tee /etc/udev/rules.d/70-hingesim-knob.rules && sudo udevadm trigger"
    case 2 /* ENOENT */: return "no such device (unplugged?)"
    case 16 /* EBUSY */: return "device busy"
    case 19 /* ENODEV */, 6 /* ENXIO */: return "the device is gone (unplugged)"
    default: return POSIX.message(code)
    }
  }

  /// `event2` < `event10`.
  private static func nodeOrder(_ a: String, _ b: String) -> Bool {
    let na = Int(a.dropFirst(5))
    let nb = Int(b.dropFirst(5))
    switch (na, nb) {
    case (let x?, let y?) where x != y: return x < y
    default: return a < b
    }
  }
}

/// What sysfs (`/sys/class/input/eventN/device`) says about a node we cannot open.
struct SysfsInput {
  /// The device name, nil when sysfs is not available.
  var name: String?
  /// True/false when the capabilities were readable, nil when unknown.
  var isKnob: Bool?
  /// Vendor and product ids as sysfs writes them (4 hex digits).
  var ids: (String, String)?

  init(path: String) {
    name = POSIX.readSmallFile(path + "/device/name")
    if let vendor = POSIX.readSmallFile(path + "/device/id/vendor"),
      let product = POSIX.readSmallFile(path + "/device/id/product")
    {
      ids = (vendor, product)
    }
    let rel = POSIX.readSmallFile(path + "/device/capabilities/rel").flatMap(Self.lowWord)
    let abs = POSIX.readSmallFile(path + "/device/capabilities/abs").flatMap(Self.lowWord)
    guard rel != nil || abs != nil else {
      isKnob = nil
      return
    }
    let relBits: UInt64 = 1 << 7 | 1 << 8 | 1 << 11  // REL_DIAL, REL_WHEEL, REL_WHEEL_HI_RES
    let absBits: UInt64 = 1 << 8  // ABS_WHEEL
    isKnob = (rel ?? 0) & relBits != 0 || (abs ?? 0) & absBits != 0
  }

  /// The least significant word of a sysfs bitmask (`"3 0 1c3"` → 0x1c3).
  static func lowWord(_ text: String) -> UInt64? {
    guard let last = text.split(separator: " ").last else { return nil }
    return UInt64(last, radix: 16)
  }
}
