import EventStream
import Platform

/// Finds the directory that holds the bundled `profiles/`, `traces/` and `texts/`.
enum ResourceLocator {
  /// `$HINGESIM_ROOT` if set; else the first ancestor of the executable (or of the working
  /// directory) that holds `profiles/iphone-duo.json`; else the working directory.
  static func root(argv0: String?) -> String {
    if let env = Process.environment("HINGESIM_ROOT") { return env }
    var candidates: [String] = []
    if !Process.executablePath.isEmpty { candidates.append(Process.executablePath) }
    if let cwd = Process.currentDirectory { candidates.append(cwd + "/x") }
    for start in candidates {
      var dir = parent(of: start)
      while !dir.isEmpty {
        if POSIX.isReadable(dir + "/profiles/iphone-duo.json") { return dir }
        if dir == "/" { break }
        dir = parent(of: dir)
      }
    }
    return Process.currentDirectory ?? "."
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

}
