/// The process exit codes hingesim documents (sysexits-style).
public enum ExitCode: Int32, Sendable {
  /// Success.
  case ok = 0
  /// The run worked but found a failure (violations, regressions).
  case failure = 1
  /// The command line was wrong.
  case usage = 64
  /// An input file was malformed.
  case dataError = 65
  /// An input file does not exist or cannot be opened.
  case noInput = 66
  /// A library the command needs is not installed or cannot be loaded (`dlopen` failed).
  case unavailable = 69
  /// A read or write failed (device unplugged, disk full).
  case ioError = 74
  /// A real-time browser run whose host was starved (frames reached the page later than the
  /// bound) and whose page then broke a rule: the verdict is the host's, not the app's; run
  /// again on a quieter host, or with `--clock stream` (`EX_TEMPFAIL`).
  case hostStarved = 75
  /// Ctrl-C (`SIGINT`) cut the run short: 128 + 2.
  case interrupted = 130
  /// `SIGTERM` cut the run short: 128 + 15.
  case terminated = 143
}
