import EventStream
#if canImport(Glibc)
  import Glibc
#endif

/// Finds the directory that holds the bundled `profiles/`, `traces/` and `texts/`.
enum ResourceLocator {
  /// `$HINGESIM_ROOT` if set; else the first ancestor of the executable (or of the working
  /// directory) that holds `profiles/iphone-duo.json`; else the working directory.
  static func root(argv0: String?) -> String {
    if let env = getenv("HINGESIM_ROOT") { return String(cString: env) }
    var candidates: [String] = []
    if let exe = executablePath() { candidates.append(exe) }
    if let cwd = currentDirectory() { candidates.append(cwd + "/x") }
    for start in candidates {
      var dir = parent(of: start)
      while !dir.isEmpty {
        if access(dir + "/profiles/iphone-duo.json", R_OK) == 0 { return dir }
        if dir == "/" { break }
        dir = parent(of: dir)
      }
    }
    return currentDirectory() ?? "."
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
