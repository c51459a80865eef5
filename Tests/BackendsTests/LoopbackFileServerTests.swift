import Platform
import Testing

@testable import Backends

/// The loopback server `web --reader pdfjs` serves PDF.js and the document from: what it answers
/// (decided without a socket by `HTTPRequestHead`), and one real exchange over 127.0.0.1.
struct LoopbackFileServerTests {
  static let root = POSIX.temporaryDirectory(prefix: "hingesim-http-test")!
  static let routes: [LoopbackFileServer.Route] = {
    _ = POSIX.makeDirectory(root + "/web")
    _ = WholeFile.replace(root + "/web/viewer.html", with: Array("<p>viewer</p>".utf8))
    _ = WholeFile.replace(root + "/secret.txt", with: Array("secret".utf8))
    _ = WholeFile.replace(root + "/doc.pdf", with: Array("%PDF-1.4 …".utf8))
    return [.init(prefix: "/pdfjs/", target: root + "/web"), .init(prefix: "/document.pdf", target: root + "/doc.pdf")]
  }()

  static func ask(_ request: String) -> (status: Int, body: String)? {
    guard let answer = HTTPRequestHead.answer(to: Array(request.utf8), limit: 1024, routes: routes) else { return nil }
    let bytes = answer.bytes
    let end = bytes.indices.dropLast(3).first { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }
    return (answer.status, end.map { String(decoding: bytes[($0 + 4)...], as: UTF8.self) } ?? "")
  }

  @Test func aFileUnderARouteIsServedWithItsType() throws {
    let answer = try #require(Self.ask("GET /pdfjs/viewer.html?file=/document.pdf HTTP/1.1\r\nHost: x\r\n\r\n"))
    #expect(answer.status == 200)
    #expect(answer.body == "<p>viewer</p>")
    let pdf = try #require(
      HTTPRequestHead.answer(to: Array("GET /document.pdf HTTP/1.1\r\n\r\n".utf8), limit: 1024, routes: Self.routes))
    #expect(String(decoding: pdf.bytes, as: UTF8.self).contains("Content-Type: application/pdf\r\n"))
    #expect(Self.ask("HEAD /document.pdf HTTP/1.1\r\n\r\n")?.body == "")  // HEAD: the headers only
  }

  /// Nothing outside the routes: `..` (plain or encoded), an encoded slash or NUL, a path no
  /// route holds, a one-file route with more after it.
  @Test func pathsOutsideTheRoutesAreNotFound() {
    for path in [
      "/pdfjs/../secret.txt", "/pdfjs/%2e%2e/secret.txt", "/pdfjs/..%2fsecret.txt", "/pdfjs/viewer.html%00",
      "/secret.txt", "/document.pdf/x", "/pdfjs/", "/pdfjs/./viewer.html", "/pdfjs/nothing.js",
    ] {
      #expect(Self.ask("GET \(path) HTTP/1.1\r\n\r\n")?.status == 404, "\(path)")
    }
  }

  /// An encoded `/` is part of a segment's name, not a separator (RFC 3986 §2.2: an encoded
  /// reserved character is data): `/pdfjs%2fviewer.html` names no file, though
  /// `/pdfjs/viewer.html` is served.
  @Test func anEncodedSlashNeverSeparatesSegments() {
    #expect(Self.ask("GET /pdfjs/viewer.html HTTP/1.1\r\n\r\n")?.status == 200)
    for path in ["/pdfjs%2fviewer.html", "/pdfjs%2Fviewer.html", "/pdfjs%5cviewer.html"] {
      #expect(Self.ask("GET \(path) HTTP/1.1\r\n\r\n")?.status == 404, "\(path)")
    }
  }

  @Test func otherMethodsBadLinesAndLongHeadsAreRefused() {
    #expect(Self.ask("POST /document.pdf HTTP/1.1\r\n\r\n")?.status == 405)
    #expect(Self.ask("GET document.pdf HTTP/1.1\r\n\r\n")?.status == 400)
    #expect(Self.ask("GET /document.pdf\r\n\r\n")?.status == 400)
    #expect(Self.ask("GET /document.pdf HTTP/1.1\r\nHost: x\r\n") == nil)  // the head has not ended
    #expect(Self.ask("GET /" + String(repeating: "a", count: 2000))?.status == 431)
  }

  /// Over a socket: the file arrives, then after `stop()` nothing listens on the port.
  @Test func itAnswersOverLoopbackAndStopsListening() throws {
    let server = try LoopbackFileServer.start(routes: Self.routes)
    let socket = try #require(try? TCPSocket.connect(host: "127.0.0.1", port: server.port).get())
    _ = socket.sendAll(Array("GET /pdfjs/viewer.html HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case .success(let n) = chunk.withUnsafeMutableBytes({ socket.receive(into: $0) }), n > 0 {
      received += chunk[0..<n]
    }
    let text = String(decoding: received, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(text.hasSuffix("<p>viewer</p>"))
    #expect(server.served == [.init(path: "/pdfjs/viewer.html", status: 200)])
    let port = server.port
    server.stop()
    #expect((try? TCPSocket.connect(host: "127.0.0.1", port: port).get()) == nil)
  }
}
