import EventStream
import Platform

/// A headless Chromium this process started, spoken to over `--remote-debugging-pipe`
/// (fd 3 carries commands in, fd 4 messages out, NUL-terminated JSON; no WebSocket).
///
/// Launched with a fresh profile directory, which `close()` removes:
///
/// ```swift
/// let browser = try Chromium.launch()
/// let page = try browser.newPage()
/// try page.navigate("file:///…/web/reader/index.html")
/// browser.close()
/// ```
public final class Chromium: @unchecked Sendable {
  /// The client on the browser's pipe.
  public let client: CDPClient
  /// Nil when attached to a browser someone else started (`attach(url:)`).
  private let child: ChildProcess?
  private let profileDirectory: String?
  /// Held on the profile directory while this process uses it (see `removeStaleProfiles`).
  private var profileLock: FileLock?
  private let stderrPath: String?
  private let transport: any CDPTransport
  private var openedTargets: [String] = []
  /// The browser's product and version (`HeadlessChrome/156.0.…`).
  public private(set) var version = ""

  private init(
    transport: any CDPTransport, child: ChildProcess?, profileDirectory: String?, stderrPath: String?
  ) {
    self.transport = transport
    client = CDPClient(pipe: transport)
    self.child = child
    self.profileDirectory = profileDirectory
    self.stderrPath = stderrPath
  }

  /// Attaches to a browser someone started with `--remote-debugging-port=PORT`, at
  /// `http://HOST:PORT`, over a WebSocket. `close()` closes the tabs opened here and leaves the
  /// browser running.
  public static func attach(url: String, timeoutMs: Double = 10_000) throws(BrowserError) -> Chromium {
    Process.ignoreBrokenPipes()
    let shown = InputText.excerpt(url, limit: 80)
    let socket: CDPWebSocket
    do throws(BrowserError) {
      socket = try CDPWebSocket.connect(url: url, timeoutMs: timeoutMs)
    } catch {
      throw attachFailure(error, url: shown)
    }
    let browser = Chromium(transport: socket, child: nil, profileDirectory: nil, stderrPath: nil)
    do throws(BrowserError) {
      let info = try browser.client.call(CDPCommand("Browser.getVersion"), timeoutMs: timeoutMs)
      if case .string(let product)? = info["product"] { browser.version = product }
    } catch {
      socket.close()
      throw attachFailure(error, url: shown)
    }
    return browser
  }

  /// What went wrong attaching, as `.attach` (a signal stays `.interrupted`).
  private static func attachFailure(_ error: BrowserError, url: String) -> BrowserError {
    switch error {
    case .interrupted, .attach: return error
    case .launch(let why): return .attach(url: url, why: why)
    default: return .attach(url: url, why: error.message)
    }
  }

  /// The names tried in PATH when no program is given, in order.
  public static let programNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

  /// The arguments the browser starts with, besides the program: headless, the pipe, a private
  /// profile, no first-run UI, no sandbox when running as root (Chromium refuses to start
  /// otherwise), and a fixed window size that `Emulation.setDeviceMetricsOverride` replaces.
  /// Not headless, it opens a window on the X display in `$DISPLAY` (the knob's demo page).
  public static func arguments(
    profileDirectory: String, asRoot: Bool, headless: Bool = true, startURL: String? = "about:blank"
  ) -> [String] {
    var arguments = [
      "--remote-debugging-pipe", "--user-data-dir=\(profileDirectory)", "--no-first-run",
      "--no-default-browser-check", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
      "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
      "--disable-backgrounding-occluded-windows", "--window-size=1000,1000",
      "--enable-experimental-web-platform-features",
    ]
    if headless { arguments.insert("--headless=new", at: 0) }
    if asRoot { arguments.append("--no-sandbox") }
    if let startURL { arguments.append(startURL) }
    return arguments
  }

  /// Finds `program` (a path, or one of `programNames` in PATH when nil) and starts it, with
  /// `extraArguments` before the usual ones. From
  /// then on a write to a closed pipe is an error (`EPIPE`), not `SIGPIPE` killing this process.
  public static func launch(
    program: String? = nil, extraArguments: [String] = [], headless: Bool = true,
    startURL: String? = "about:blank", timeoutMs: Double = 20_000
  ) throws(BrowserError) -> Chromium {
    guard let executable = program ?? programNames.lazy.compactMap(PathLookup.find).first else {
      throw .launch(
        "no \(programNames.joined(separator: ", ")) in PATH (install Debian's `chromium`, or pass --browser PATH)")
    }
    if executable.contains("/"), !POSIX.exists(executable) { throw .launch("\(executable): no such file") }
    Process.ignoreBrokenPipes()
    removeStaleProfiles()
    guard let profile = POSIX.temporaryDirectory(prefix: profilePrefix) else {
      throw .launch("cannot make a temporary profile directory")
    }
    let profileLock = FileLock.create(at: profile + "/" + profileLockName)
    let toBrowser: (read: Int32, write: Int32)
    let fromBrowser: (read: Int32, write: Int32)
    switch (ChildProcess.pipe(), ChildProcess.pipe()) {
    case (.success(let a), .success(let b)): (toBrowser, fromBrowser) = (a, b)
    default: throw .launch("pipe() failed")
    }
    let stderrPath = profile + "/stderr.log"
    let spawned = ChildProcess.spawn(
      [executable] + extraArguments
        + arguments(profileDirectory: profile, asRoot: Process.isRoot, headless: headless, startURL: startURL),
      descriptors: [3: toBrowser.read, 4: fromBrowser.write], stderrPath: stderrPath)
    POSIX.close(toBrowser.read)
    POSIX.close(fromBrowser.write)
    guard case .success(let child) = spawned else {
      POSIX.close(toBrowser.write)
      POSIX.close(fromBrowser.read)
      Directory.removeTree(profile)
      if case .failure(let error) = spawned { throw .launch("\(executable): \(error.message)") }
      throw .launch(executable)
    }
    let pipe = CDPPipe(readingFrom: fromBrowser.read, writingTo: toBrowser.write)
    let browser = Chromium(transport: pipe, child: child, profileDirectory: profile, stderrPath: stderrPath)
    browser.profileLock = profileLock
    do {
      let info = try browser.client.call(CDPCommand("Browser.getVersion"), timeoutMs: timeoutMs)
      if case .string(let product)? = info["product"] { browser.version = product }
    } catch {
      let failure = browser.explain(error)
      browser.close()
      throw failure
    }
    return browser
  }

  /// Opens a new tab at about:blank and attaches to it (flat sessions: the page's commands
  /// carry its `sessionId`).
  public func newPage() throws(BrowserError) -> BrowserPage {
    do throws(BrowserError) {
      let target = try client.call("Target.createTarget", .object([("url", .string("about:blank"))]))
      guard case .string(let targetId)? = target["targetId"] else {
        throw .malformed("Target.createTarget gave no targetId")
      }
      openedTargets.append(targetId)
      return try attach(targetId)
    } catch {
      throw explain(error)
    }
  }

  /// Attaches to a tab the browser opened itself (an `--app=URL` window), the first page target
  /// whose URL starts with `urlPrefix`, waiting up to `timeoutMs` for it to appear.
  public func existingPage(urlPrefix: String, timeoutMs: Double = 10_000) throws(BrowserError) -> BrowserPage {
    let deadline = MonotonicClock.nowMs() + timeoutMs
    do throws(BrowserError) {
      while true {
        let targets = try client.call("Target.getTargets")
        if case .array(let infos)? = targets["targetInfos"] {
          for info in infos {
            guard info["type"] == .string("page"), case .string(let url)? = info["url"], url.hasPrefix(urlPrefix),
              case .string(let targetId)? = info["targetId"]
            else { continue }
            return try attach(targetId)
          }
        }
        guard MonotonicClock.nowMs() < deadline else { throw .timeout(method: "a page at \(urlPrefix)", ms: timeoutMs) }
        MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 50)
      }
    } catch {
      throw explain(error)
    }
  }

  /// `Target.attachToTarget` with flat sessions, then the page's domains enabled.
  private func attach(_ targetId: String) throws(BrowserError) -> BrowserPage {
    let attached = try client.call(
      "Target.attachToTarget", .object([("targetId", .string(targetId)), ("flatten", .bool(true))]))
    guard case .string(let sessionId)? = attached["sessionId"] else {
      throw .malformed("Target.attachToTarget gave no sessionId")
    }
    let page = BrowserPage(client: client, sessionId: sessionId)
    try page.enable()
    return page
  }

  /// A pipe error with the browser's exit status and the end of its stderr, when it has died.
  public func explain(_ error: BrowserError) -> BrowserError {
    guard case .died = error, let child, let stderrPath else { return error }
    var status = child.exitStatus()
    if status == nil {
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 200)
      status = child.exitStatus()
    }
    let tail = (POSIX.readSmallFile(stderrPath) ?? "")
      .split(separator: "\n").suffix(3).joined(separator: " | ")
    return .died(status: status, stderrTail: String(tail))
  }

  /// True while the browser process runs.
  public var isRunning: Bool { child.map { $0.exitStatus() == nil } ?? true }

  /// `Browser.close`, then `SIGTERM`/`SIGKILL` if it lingers; removes the profile directory.
  /// Attached, it closes only the tabs it opened and the connection.
  public func close() {
    guard let child, let profileDirectory else {
      for targetId in openedTargets {
        _ = try? client.call(
          CDPCommand("Target.closeTarget", .object([("targetId", .string(targetId))])), timeoutMs: 2000)
      }
      transport.close()
      return
    }
    if child.exitStatus() == nil { _ = try? client.call(CDPCommand("Browser.close"), timeoutMs: 2000) }
    child.terminate(graceMs: 2000)
    Self.awaitHelpers(of: profileDirectory)
    Directory.removeTree(profileDirectory)
    profileLock?.release()
  }

  /// Waits until no process names the profile: the browser's helpers (its storage service
  /// among them) can outlive it by a moment and write into the profile after it is removed
  /// (a `Default/` left behind at load 15). After 1 s those left get `SIGKILL`; 0.5 s more at most.
  static func awaitHelpers(of profileDirectory: String) {
    let start = MonotonicClock.nowMs()
    var killed = false
    while case let left = ProcessTable.pids(withArgumentContaining: profileDirectory), !left.isEmpty {
      let waited = MonotonicClock.nowMs() - start
      if waited > 1500 { return }
      if waited > 1000, !killed {
        for pid in left { ProcessTable.kill(pid) }
        killed = true
      }
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 10)
    }
  }

  /// Profile directories are `/tmp/hingesim-chromium-XXXXXX`.
  static let profilePrefix = "hingesim-chromium"
  /// The file in a profile directory its `hingesim` holds locked while it runs.
  static let profileLockName = "hingesim.lock"

  /// Removes the profile directories in `directory` that a `hingesim` killed before `close()`
  /// left behind: those whose lock file nobody holds (the kernel drops a dead process's locks).
  /// A directory without the lock file (being made, or from an older version) is left alone.
  static func removeStaleProfiles(in directory: String = "/tmp") {
    for name in Directory.files(in: directory) where name.hasPrefix(profilePrefix + "-") {
      let path = directory + "/" + name
      guard let lock = FileLock.take(at: path + "/" + profileLockName) else { continue }
      Directory.removeTree(path)
      lock.release()
    }
  }
}
