import Platform
import Synchronization

/// A static-file HTTP/1.1 server on 127.0.0.1 at a free port, on a thread of its own, for a page
/// that must be served over HTTP (PDF.js's viewer fetches its worker and the document, which
/// `file://` forbids). It answers `GET` and `HEAD` for the files it was given and nothing else:
/// a path is looked up in `routes` (a URL prefix and the directory it maps to, no `..`), every
/// answer closes its connection, a head longer than 16 KiB is refused, a connection that says
/// nothing for 10 s is dropped. `stop()` ends the thread and closes every socket.
///
/// ```swift
/// let server = try LoopbackFileServer.start(routes: [.init(prefix: "/pdfjs/", directory: "/usr/share/javascript/pdf")])
/// server.url("/pdfjs/web/viewer.html")   // http://127.0.0.1:41327/pdfjs/web/viewer.html
/// server.stop()
/// ```
public final class LoopbackFileServer: @unchecked Sendable {
  /// A URL prefix (`/pdfjs/`, or a whole path `/doc.pdf`) and the directory or file it serves.
  public struct Route: Sendable {
    /// The path's start; a route whose prefix does not end in `/` is one file.
    public var prefix: String
    /// The directory (or, for a one-file route, the file).
    public var target: String

    /// Makes a route.
    public init(prefix: String, target: String) {
      self.prefix = prefix
      self.target = target
    }
  }

  /// One request answered: its path and status.
  public struct Served: Sendable, Equatable {
    /// The path asked for (without the query).
    public var path: String
    /// 200, 404, 405, 431 …
    public var status: Int
  }

  /// The port it listens on.
  public let port: Int
  private let listener: TCPListener
  private let routes: [Route]
  private let stopPipe: (read: Int32, write: Int32)
  private let log = Mutex<[Served]>([])
  private var thread: JoinableThread?
  private var stopped = false

  /// The longest request head read, bytes.
  public static let headLimit = 16 << 10
  /// How long a connection may stay silent, ms.
  public static let idleMs = 10_000.0

  private init(listener: TCPListener, routes: [Route], stopPipe: (read: Int32, write: Int32)) {
    self.listener = listener
    port = listener.port
    self.routes = routes
    self.stopPipe = stopPipe
  }

  /// Listens and starts answering; `.io` when no socket, pipe or thread can be had.
  public static func start(routes: [Route]) throws(BrowserError) -> LoopbackFileServer {
    let listener: TCPListener
    switch TCPListener.loopback() {
    case .success(let l): listener = l
    case .failure(let error): throw .io("cannot listen on 127.0.0.1 for the HTTP server: \(error.message)")
    }
    guard case .success(let pipe) = POSIX.nonBlockingPipe() else {
      throw .io("cannot make a pipe for the HTTP server")
    }
    let server = LoopbackFileServer(listener: listener, routes: routes, stopPipe: pipe)
    guard let thread = JoinableThread.start({ server.serve() }) else {
      POSIX.close(pipe.read)
      POSIX.close(pipe.write)
      throw .io("cannot start the HTTP server's thread")
    }
    server.thread = thread
    return server
  }

  /// `http://127.0.0.1:PORT` + `path`.
  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// The requests answered so far, in order.
  public var served: [Served] { log.withLock { $0 } }

  /// Ends the thread (once) and closes every socket.
  public func stop() {
    guard !stopped, let thread else { return }
    stopped = true
    var byte: UInt8 = 1
    _ = withUnsafeBytes(of: &byte) { POSIX.writeAll(stopPipe.write, $0) }
    thread.join()
    POSIX.close(stopPipe.read)
    POSIX.close(stopPipe.write)
    listener.close()
  }

  deinit { stop() }

  private struct Connection {
    let socket: TCPSocket
    var head: [UInt8] = []
    let openedMs: Double
  }

  /// The thread's loop: accept, read heads, answer, until the stop pipe is readable.
  private func serve() {
    var connections: [Connection] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let fds = [stopPipe.read, listener.fd] + connections.map(\.socket.fd)
      guard case .success(let ready) = POSIX.poll(fds, timeout: 200) else { break }
      if ready[0].readable || ready[0].hungUp { break }
      if ready[1].readable, let socket = listener.accept() {
        connections.append(Connection(socket: socket, openedMs: MonotonicClock.nowMs()))
      }
      var kept: [Connection] = []
      for (index, var connection) in connections.enumerated() {
        let readiness: POSIX.Readiness? = ready.count > index + 2 ? ready[index + 2] : nil
        if let readiness, readiness.readable || readiness.hungUp {
          let n = chunk.withUnsafeMutableBytes { connection.socket.receive(into: $0) }
          guard case .success(let count) = n, count > 0 else {
            connection.socket.close()
            continue
          }
          connection.head += chunk[0..<count]
          if let answer = HTTPRequestHead.answer(to: connection.head, limit: Self.headLimit, routes: routes) {
            log.withLock { $0.append(Served(path: answer.path, status: answer.status)) }
            _ = connection.socket.sendAll(answer.bytes)
            connection.socket.close()
            continue
          }
        }
        if MonotonicClock.nowMs() - connection.openedMs > Self.idleMs {
          connection.socket.close()
          continue
        }
        kept.append(connection)
      }
      connections = kept
    }
    for connection in connections { connection.socket.close() }
  }
}
