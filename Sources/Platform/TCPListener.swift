#if canImport(Glibc)
  import Glibc
#endif

/// A listening TCP socket on the loopback interface (`socket`, `bind` to 127.0.0.1, `listen`,
/// `getsockname` for the port the kernel chose, `accept` and `fcntl(FD_CLOEXEC)`): nothing off this machine can connect.
public final class TCPListener: @unchecked Sendable {
  /// The listening descriptor.
  public let fd: Int32
  /// The port it listens on.
  public let port: Int
  private var closed = false

  private init(fd: Int32, port: Int) {
    self.fd = fd
    self.port = port
  }

  /// Listens on 127.0.0.1 at `port` (0: a free port the kernel picks).
  public static func loopback(port: Int = 0) -> Result<TCPListener, POSIXErrno> {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return .failure(POSIXErrno(code: errno)) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      let code = errno
      Glibc.close(fd)
      return .failure(POSIXErrno(code: code))
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      Glibc.close(fd)
      return .failure(POSIXErrno(code: code))
    }
    return .success(TCPListener(fd: fd, port: Int(UInt16(bigEndian: address.sin_port))))
  }

  /// `accept` a waiting connection (close-on-exec); nil when none is waiting or it failed.
  public func accept() -> TCPSocket? {
    while true {
      let client = Glibc.accept(fd, nil, nil)
      if client >= 0 {
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return TCPSocket(fd: client)
      }
      if errno == EINTR { continue }
      return nil
    }
  }

  /// `close` (once).
  public func close() {
    guard !closed else { return }
    closed = true
    Glibc.close(fd)
  }

  deinit { close() }
}

extension POSIX {
  /// `poll` on several descriptors for input, up to `timeout` ms: for each, whether it is
  /// readable or hung up.
  public static func poll(_ fds: [Int32], timeout: Int32) -> Result<[Readiness], POSIXErrno> {
    var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    while true {
      let rc = Glibc.poll(&entries, nfds_t(entries.count), timeout)
      if rc < 0 {
        if errno == EINTR { continue }
        return .failure(POSIXErrno(code: errno))
      }
      return .success(
        entries.map {
          let events = Int32($0.revents)
          return Readiness(
            readable: events & Int32(POLLIN) != 0, hungUp: events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0)
        })
    }
  }
}
