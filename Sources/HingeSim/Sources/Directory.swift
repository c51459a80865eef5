#if canImport(Glibc)
  import Glibc
#endif

/// Lists directories without Foundation.
public enum Directory {
  /// The names of the entries in `path` (no `.`/`..`, no hidden files); empty when unreadable.
  public static func files(in path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names
  }
}
