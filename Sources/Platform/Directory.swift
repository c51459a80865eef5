#if canImport(Glibc)
  import Glibc
#endif

/// Lists and removes directories without Foundation.
public enum Directory {
  /// The names of the entries in `path`, without hidden files; empty when it cannot be listed.
  public static func files(in path: String) -> [String] {
    (POSIX.directoryEntries(path) ?? []).filter { !$0.hasPrefix(".") }
  }

  /// Deletes `path` and, when it is a directory, everything in it, depth first: `lstat` (so a
  /// symbolic link is removed, never followed), `unlink`, `rmdir`. True when nothing is left.
  @discardableResult
  public static func removeTree(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return true }
    if info.st_mode & S_IFMT == S_IFDIR {
      for name in POSIX.directoryEntries(path) ?? [] where name != "." && name != ".." {
        removeTree(path + "/" + name)
      }
      return rmdir(path) == 0
    }
    return unlink(path) == 0
  }
}
