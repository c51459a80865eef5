import Platform
import Testing

@testable import Backends

#if canImport(Glibc)
  import Glibc
#endif

/// A `hingesim` killed before it closed its browser leaves `/tmp/hingesim-chromium-*` behind;
/// the next launch removes those whose owner is gone (nobody holds their lock file) and nothing
/// else.
@Suite struct ChromiumProfileTests {
  static func makeProfile(_ directory: String, _ name: String, lockFile: Bool) throws -> String {
    let path = directory + "/" + name
    try #require(POSIX.makeDirectory(path))
    try #require(POSIX.makeDirectory(path + "/Default"))
    if lockFile {
      // What a dead owner leaves: the file, unlocked. Made without ever locking it here, since a
      // child that another test spawns at that moment would keep a copy of a locked descriptor
      // until it runs `exec`.
      let fd = open(path + "/" + Chromium.profileLockName, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
      try #require(fd >= 0)
      close(fd)
    }
    return path
  }

  @Test func profilesWhoseOwnerIsGoneAreRemovedAndNoOthers() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-profiles"))
    defer { Directory.removeTree(directory) }
    let stale = try Self.makeProfile(directory, "hingesim-chromium-stale1", lockFile: true)
    let live = try Self.makeProfile(directory, "hingesim-chromium-live01", lockFile: false)
    let held = try #require(FileLock.create(at: live + "/" + Chromium.profileLockName))
    defer { held.release() }
    let unlocked = try Self.makeProfile(directory, "hingesim-chromium-old001", lockFile: false)
    let other = try Self.makeProfile(directory, "something-else", lockFile: true)

    Chromium.removeStaleProfiles(in: directory)

    #expect(!POSIX.exists(stale))
    #expect(POSIX.exists(live))  // its owner (here, this process) still holds the lock
    #expect(POSIX.exists(unlocked))  // being made, or from an older version: not ours to judge
    #expect(POSIX.exists(other))
  }

  /// The lock is the kernel's: a holder killed without any clean-up stops holding it.
  @Test(.enabled(if: PathLookup.find("flock") != nil, "needs util-linux's flock"))
  func aProfileIsStaleOnceItsHolderIsKilled() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-profiles"))
    defer { Directory.removeTree(directory) }
    let profile = try Self.makeProfile(directory, "hingesim-chromium-killed", lockFile: true)
    let lockPath = profile + "/" + Chromium.profileLockName
    // One process holds the lock: the shell opens the file, `flock` locks that open file and
    // exits, and the shell becomes `sleep` with the file still open. (`flock FILE sleep` forks,
    // and its child keeps the lock for a moment after the parent is killed.)
    let script = "exec 9>>\"$0\" && flock -x 9 && exec sleep 5"
    guard case .success(let holder) = ChildProcess.spawn(["sh", "-c", script, lockPath], descriptors: [:])
    else {
      Issue.record("cannot start flock")
      return
    }
    // Wait until the holder has the lock.
    let deadline = MonotonicClock.nowMs() + 5000
    while let probe = FileLock.take(at: lockPath), MonotonicClock.nowMs() < deadline {
      probe.release()
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 10)
    }
    Chromium.removeStaleProfiles(in: directory)
    #expect(POSIX.exists(profile))
    holder.terminate(graceMs: 0)
    Chromium.removeStaleProfiles(in: directory)
    #expect(!POSIX.exists(profile))
  }
}
