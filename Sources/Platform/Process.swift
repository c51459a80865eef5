#if canImport(Glibc)
  import Glibc
#endif

/// This process: its executable, environment, resource use and signals.
public enum Process {
  /// `readlink("/proc/self/exe")`: the running executable's path, or "" when unknown.
  public static var executablePath: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return "" }
    return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `getcwd()`: the working directory, nil when unknown.
  public static var currentDirectory: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `execv(path, arguments)`: replaces this process; returns only the errno of a failure.
  public static func replace(with path: String, arguments: [String]) -> POSIXErrno {
    var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    execv(path, &cArguments)
    return POSIXErrno(code: errno)
  }

  /// `dlsym(RTLD_DEFAULT, name)`: a C function of this process by name, nil when absent.
  public static func symbol<T>(_ name: String, as type: T.Type) -> T? {
    guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(pointer, to: type)
  }

  /// `getenv(name)`.
  public static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// `setenv(name, value, 1)`.
  public static func setEnvironment(_ name: String, _ value: String) { setenv(name, value, 1) }

  /// `sysconf(_SC_NPROCESSORS_ONLN)`, at least 1.
  public static var onlineCores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// `getrusage(RUSAGE_SELF).ru_maxrss`: the peak resident set, kilobytes.
  public static var peakResidentKilobytes: Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss)
  }

  /// `Process.ignoreBrokenPipes()`: a closed pipe becomes a failed write (`EPIPE`), not a kill.
  public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  /// `signal(SIGXFSZ, SIG_IGN)`: a file grown past the size limit (`ulimit -f`) becomes a failed
  /// write (`EFBIG`), reported with what the file holds, not a kill.
  public static func ignoreFileSizeLimitSignal() { signal(SIGXFSZ, SIG_IGN) }

  /// `geteuid() == 0`.
  public static var isRoot: Bool { geteuid() == 0 }

  /// `exit(code)`.
  public static func exit(_ code: Int32) -> Never { Glibc.exit(code) }
}

/// A stop asked for by Ctrl-C (`SIGINT`), `SIGTERM` or the program itself (a closed output, a
/// `--duration` reached).
///
/// The signal handler only sets a `sig_atomic_t`, the one thing a handler may safely do, and
/// stops every run loop of the process. The program's own requests are per thread
/// (`pthread_setspecific`): a run loop and what ends it (its output, its hooks) share a thread,
/// and another run in the same process — a batch worker, an in-process test — goes on.
public enum StopRequest {
  nonisolated(unsafe) private static var flag: sig_atomic_t = 0
  /// The program's own requests: non-nil on a thread whose run was asked to stop.
  private static let requested: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// True once a stop was asked for: by a signal, or by the program on this thread.
  public static var isRequested: Bool { flag != 0 || pthread_getspecific(requested) != nil }

  /// The signal that asked for the stop (`SIGINT`, `SIGTERM`), nil when none did.
  public static var signal: Int32? { flag > 0 ? Int32(flag) : nil }

  /// Clears this thread's own request when its run is over; a signal's stays, for the command
  /// line to report.
  public static func clearThisThread() { pthread_setspecific(requested, nil) }

  /// True when Ctrl-C (`SIGINT`) asked for the stop.
  public static var isCtrlC: Bool { signal == SIGINT }

  /// `SIGINT` → `"SIGINT"`, `SIGTERM` → `"SIGTERM"`.
  public static func name(of signal: Int32) -> String {
    switch signal {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    default: "signal \(signal)"
    }
  }

  /// Asks the run loop on this thread to stop (or, with `false`, clears this thread's request
  /// and any signal's, for the next run).
  public static func set(_ stop: Bool) {
    pthread_setspecific(requested, stop ? UnsafeRawPointer(bitPattern: 1) : nil)
    if !stop { flag = 0 }
  }

  /// `signal(SIGINT)` and `signal(SIGTERM)`: both request a stop, remembering which signal,
  /// instead of killing the process.
  /// Both are also unblocked (`pthread_sigmask`): a parent that spawned us with them blocked
  /// must not make Ctrl-C a no-op.
  public static func installSignalHandlers() {
    Glibc.signal(SIGINT) { number in StopRequest.flag = sig_atomic_t(number) }
    Glibc.signal(SIGTERM) { number in StopRequest.flag = sig_atomic_t(number) }
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
