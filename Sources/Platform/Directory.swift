/// Lists directories without Foundation.
public enum Directory {
  /// The names of the entries in `path`, without hidden files; empty when it cannot be listed.
  public static func files(in path: String) -> [String] {
    (POSIX.directoryEntries(path) ?? []).filter { !$0.hasPrefix(".") }
  }
}
