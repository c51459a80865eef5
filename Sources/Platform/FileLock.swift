#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive advisory lock on a file (`flock(LOCK_EX | LOCK_NB)`), held until `release()` or
/// until this process ends in any way: the kernel drops it when the process dies, even by
/// `SIGKILL`. Another process can then tell a live holder from a dead one.
///
/// ```swift
/// if let lock = FileLock.create(at: dir + "/owner.lock") { /* … */ lock.release() }
/// if let stale = FileLock.take(at: other + "/owner.lock") { /* its owner is gone */ }
/// ```
public final class FileLock {
  private var fd: Int32

  private init(fd: Int32) { self.fd = fd }

  deinit { release() }

  /// Makes the file `path` already locked: opens a temporary name beside it, locks it, then
  /// renames it to `path` (`open`, `flock`, `rename`), so that nobody sees `path` unlocked
  /// while its holder lives. Nil when any step fails.
  public static func create(at path: String) -> FileLock? {
    let temporary = path + ".\(getpid()).new"
    let fd = open(temporary, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0, rename(temporary, path) == 0 else {
      unlink(temporary)
      close(fd)
      return nil
    }
    return FileLock(fd: fd)
  }

  /// Locks the existing file `path`: nil when it is missing or someone holds it (`open` without
  /// creating, `flock(LOCK_EX | LOCK_NB)`).
  public static func take(at path: String) -> FileLock? {
    let fd = open(path, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      close(fd)
      return nil
    }
    return FileLock(fd: fd)
  }

  /// Drops the lock (`close`); the file stays.
  public func release() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
  }
}
