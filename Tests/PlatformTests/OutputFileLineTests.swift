import Platform
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `writeLine` appends a line in place: what lands in the file and the line count are those of
/// writing the same bytes with `write(bytes:)`.
@Suite("OutputFile lines written in place")
struct OutputFileLineTests {
  @Test("lines written in place: the same bytes and one more line each, through a flush")
  func sameAsBytes() {
    let lines = (0..<5000).map { Array("{\"n\":\($0),\"text\":\"\(String(repeating: "x", count: $0 % 40))\"}\n".utf8) }
    let inPlace = OutputFile.capturing()
    let copied = OutputFile.capturing()
    for (index, line) in lines.enumerated() {
      inPlace.writeLine { $0.append(contentsOf: line) }
      copied.write(bytes: line)
      #expect(inPlace.linesAppended == index + 1)
    }
    #expect(inPlace.capturedText == copied.capturedText)
    #expect(inPlace.linesAppended == copied.linesAppended)
  }

  @Test("on a full disk: nothing more written, the failure kept, the lines counted as handed over")
  func fullDisk() {
    let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
    defer { close(fd) }
    let out = OutputFile(fd: fd, name: "/dev/full", lineBuffered: true)
    out.writeLine { $0.append(contentsOf: Array("{\"t\":0}\n".utf8)) }
    out.writeLine { $0.append(contentsOf: Array("{\"t\":1}\n".utf8)) }
    #expect(out.failure?.code == ENOSPC)
    #expect(out.linesAppended == 2)
    #expect(out.linesWritten == 0)
  }
}
