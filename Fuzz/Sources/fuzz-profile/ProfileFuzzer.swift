import FuzzSupport

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzProfileOnce)
}

/// A device profile (`--profile FILE.json`, `profiles --check`): `Profile.load` with every check
/// it makes. `Profile.load` takes a path, not bytes, so the input goes into one file, made and
/// unlinked at start (in /dev/shm when there is one), rewritten per input and loaded as
/// `/proc/self/fd/N`; a `base` names a bundled profile under `HINGESIM_ROOT`.
func fuzzProfileOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  ProfileFile.write(data, size)
  do {
    _ = try Profile.load(ProfileFile.path, root: Fuzz.root)
  } catch {
    _ = error.description
  }
  return 0
}

/// The one in-memory file the inputs are written to.
enum ProfileFile {
  static let descriptor: Int32 = {
    var template = Array((access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp").utf8CString.dropLast())
    template += Array("/hingesim-fuzz-profile-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    Fuzz.require(fd >= 0, "mkstemp failed: errno \(errno)")
    unlink(template)
    return fd
  }()
  static let path = "/proc/self/fd/\(descriptor)"

  static func write(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    Fuzz.require(ftruncate(descriptor, 0) == 0, "ftruncate failed: errno \(errno)")
    var written = 0
    while written < size, let data {
      let n = pwrite(descriptor, data + written, size - written, off_t(written))
      Fuzz.require(n > 0, "pwrite failed: errno \(errno)")
      written += n
    }
  }
}
