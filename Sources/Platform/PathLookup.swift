#if canImport(Glibc)
  import Glibc
#endif

/// Finds programs the way a shell does.
public enum PathLookup {
  /// The first `DIR/name` in `$PATH` that is an executable regular file (`access(X_OK)`), or nil.
  /// A name with a slash is returned as it is when executable.
  public static func find(_ name: String) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    let path = Process.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = "\(directory)/\(name)"
      if access(candidate, X_OK) == 0, POSIX.isRegularFile(candidate) { return candidate }
    }
    return nil
  }
}
