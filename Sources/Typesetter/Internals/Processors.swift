import Glibc

/// The machine's processors, as `sysconf` reports them.
enum Processors {
  /// Processors online (at least 1).
  static var online: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
