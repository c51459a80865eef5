#if canImport(Glibc)
  import Glibc
#endif

/// A TCP connection: `getaddrinfo` + `socket` + `connect`, then `send` (`MSG_NOSIGNAL`: a closed
/// peer is `EPIPE`, not a signal) and `recv`, with `poll` for timeouts.
public final class TCPSocket: @unchecked Sendable {
  /// The connected descriptor.
  public let fd: Int32
  private var closed = false

  init(fd: Int32) { self.fd = fd }

  /// Connects to `host:port` (numeric or a name), trying each address `getaddrinfo` gives.
  public static func connect(host: String, port: Int) -> Result<TCPSocket, POSIXErrno> {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      return .failure(POSIXErrno(code: ECONNREFUSED))
    }
    defer { freeaddrinfo(list) }
    var lastError = ECONNREFUSED
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      let fd = socket(
        info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
      if fd >= 0 {
        if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return .success(TCPSocket(fd: fd)) }
        lastError = errno
        Glibc.close(fd)
      }
      entry = info.pointee.ai_next
    }
    return .failure(POSIXErrno(code: lastError))
  }

  /// `send(MSG_NOSIGNAL)` until every byte is written.
  public func sendAll(_ bytes: [UInt8]) -> Result<Void, POSIXErrno> {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { raw in
        send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
      }
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(POSIXErrno(code: errno))
      }
      offset += n
    }
    return .success(())
  }

  /// `recv` into `buffer`: the byte count (0 at end of stream).
  public func receive(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, POSIXErrno> {
    while true {
      let n = recv(fd, buffer.baseAddress, buffer.count, 0)
      if n >= 0 { return .success(n) }
      if errno == EINTR { continue }
      return .failure(POSIXErrno(code: errno))
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
