#if canImport(Glibc)
  import Glibc
#endif

/// The processes running now, as Linux's `/proc` lists them: which of them name a text in their
/// command line. A browser's helper processes all carry its `--user-data-dir`, so this finds the
/// ones that outlive the browser.
public enum ProcessTable {
  /// The ids of the processes whose `/proc/PID/cmdline` holds `text` (this process left out;
  /// a process that ends while it is read is left out too).
  public static func pids(withArgumentContaining text: String) -> [Int32] {
    let needle = Array(text.utf8)
    guard !needle.isEmpty else { return [] }
    let own = getpid()
    var found: [Int32] = []
    for name in POSIX.directoryEntries("/proc") ?? [] {
      guard let pid = Int32(name), pid != own, let line = commandLine(pid) else { continue }
      if contains(line, needle) { found.append(pid) }
    }
    return found
  }

  /// `kill(pid, SIGKILL)`: ends the process at once.
  public static func kill(_ pid: Int32) { _ = Glibc.kill(pid, SIGKILL) }

  /// `/proc/PID/cmdline`, its arguments NUL-separated (at most 256 KiB; its size in `stat` is 0,
  /// so it is read to its end).
  static func commandLine(_ pid: Int32) -> [UInt8]? {
    guard case .success(let fd) = POSIX.openReadOnly("/proc/\(pid)/cmdline") else { return nil }
    defer { POSIX.close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 256 << 10 {
      guard case .success(let n) = chunk.withUnsafeMutableBytes({ POSIX.read(fd, into: $0) }) else { return nil }
      if n == 0 { break }
      bytes += chunk[..<n]
    }
    return bytes
  }

  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
