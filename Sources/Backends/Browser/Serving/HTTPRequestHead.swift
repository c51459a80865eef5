import Platform

/// The loopback server's one decision, with no socket: given the bytes of a request so far, is
/// its head complete, and what is the answer (`LoopbackFileServer`)? `GET` and `HEAD` of a path
/// under a route are the file's bytes (200) with its content type; a path with `..`, `.` or an
/// encoded `/` or NUL, or one no route holds, is 404; another method 405; a head past the limit
/// 431; a first line that is not `METHOD PATH HTTP/1.x` 400. Every answer closes the connection.
public enum HTTPRequestHead {
  /// An answer and what it was for.
  public struct Answer: Sendable {
    /// The path asked for ("" when the request line could not be read).
    public var path: String
    /// The status sent.
    public var status: Int
    /// The whole answer: status line, headers, body.
    public var bytes: [UInt8]
  }

  /// The answer to `head` (the bytes received so far), or nil while its blank line has not come
  /// and it is within `limit`.
  public static func answer(to head: [UInt8], limit: Int, routes: [LoopbackFileServer.Route]) -> Answer? {
    guard let end = endOfHead(head) else {
      return head.count > limit ? status(431, path: "", "request head longer than \(limit) bytes") : nil
    }
    let firstLine = head[..<end].split(separator: UInt8(ascii: "\r"), maxSplits: 1).first.map(Array.init) ?? []
    let parts = firstLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].starts(with: Array("HTTP/1.".utf8)), parts[1].first == UInt8(ascii: "/") else {
      return status(400, path: "", "expected METHOD PATH HTTP/1.x")
    }
    let method = String(decoding: parts[0], as: UTF8.self)
    let target = parts[1].split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)[0]
    let raw = String(decoding: target, as: UTF8.self)
    guard method == "GET" || method == "HEAD" else { return status(405, path: raw, "only GET and HEAD") }
    guard let path = decodedPath(target), let file = file(for: path, routes: routes),
      POSIX.isRegularFile(file), let body = WholeFile.read(file, limit: bodyLimit)
    else { return status(404, path: raw, "not found") }
    let header =
      "HTTP/1.1 200 OK\r\nContent-Type: \(contentType(of: path))\r\nContent-Length: \(body.count)\r\n"
      + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    return Answer(path: path, status: 200, bytes: Array(header.utf8) + (method == "HEAD" ? [] : body))
  }

  /// The largest file served, bytes.
  public static let bodyLimit = 256 << 20

  /// The file a decoded path maps to, or nil: no route holds it, or it names `..` or `.`.
  static func file(for path: String, routes: [LoopbackFileServer.Route]) -> String? {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
    for route in routes {
      if route.prefix.hasSuffix("/") {
        guard path.hasPrefix(route.prefix), path.count > route.prefix.count else { continue }
        return route.target + "/" + path.dropFirst(route.prefix.count)
      }
      if path == route.prefix { return route.target }
    }
    return nil
  }

  /// `%XX` decoded; nil for a bad escape, an encoded `/`, `\` or NUL, or bytes that are not UTF-8.
  static func decodedPath(_ bytes: ArraySlice<UInt8>) -> String? {
    var out: [UInt8] = []
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let byte = bytes[i]
      if byte == UInt8(ascii: "%") {
        guard i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) else { return nil }
        let decoded = high << 4 | low
        guard decoded != 0, decoded != UInt8(ascii: "/"), decoded != UInt8(ascii: "\\") else { return nil }
        out.append(decoded)
        i += 3
      } else {
        guard byte > 0x20, byte != 0x7f, byte != UInt8(ascii: "\\") else { return nil }
        out.append(byte)
        i += 1
      }
    }
    return String(validating: out, as: UTF8.self)
  }

  private static func hex(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Where the blank line that ends the head starts, if it has come.
  static func endOfHead(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 0...(bytes.count - 4)
    where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
      return i
    }
    return nil
  }

  static func contentType(of path: String) -> String {
    let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
    switch ext {
    case "html": return "text/html; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "pdf": return "application/pdf"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    case "gif": return "image/gif"
    case "json", "map": return "application/json"
    case "properties", "txt": return "text/plain; charset=utf-8"
    default: return "application/octet-stream"
    }
  }

  private static func status(_ code: Int, path: String, _ reason: String) -> Answer {
    let phrase =
      [400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 431: "Request Header Fields Too Large"][code]
      ?? "Error"
    let body = Array("\(code) \(phrase): \(reason)\n".utf8)
    let header =
      "HTTP/1.1 \(code) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
      + "Connection: close\r\n\r\n"
    return Answer(path: path, status: code, bytes: Array(header.utf8) + body)
  }
}
