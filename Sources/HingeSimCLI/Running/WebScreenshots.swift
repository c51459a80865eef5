import Backends
import EventStream
import Platform
import Reports
import Shots

/// `web --screenshots DIR`: a PNG per layout the page shows (`NNN-TIMEms.png`), the index
/// `shots.jsonl` (a `ShotRecord` line per picture as it is taken: layout, time, fold; what
/// `shots compare` pairs and judges by) and an `index.html` contact sheet with the time and
/// what was shown under each.
struct WebScreenshots {
  let directory: String
  private var entries: [ContactSheet.Entry] = []
  var count: Int { entries.count }
  /// The simulator's pose, fold and settled text size through the run, for each record.
  private var history = WebShotLayouts()
  private var index: OutputFile?

  /// Makes DIR if needed (its parent must exist); a file that is not a directory is refused
  /// (66) before the browser starts.
  init(directory: String) throws(CLIError) {
    self.directory = directory
    if POSIX.exists(directory), POSIX.directoryEntries(directory) == nil {
      throw CLIError(
        "web: --screenshots \(InputText.excerpt(directory, limit: 200)): expected a directory, found a file",
        code: .noInput)
    }
    if !POSIX.exists(directory), !POSIX.makeDirectory(directory) {
      throw CLIError("web: --screenshots: cannot make the directory \(directory)", code: .ioError)
    }
    index = try OutputFile.create(path: directory + "/" + ShotIndex.fileName, lineBuffered: true)
  }

  /// Follows the simulator's stream (pose, fold, settled text size).
  mutating func note(_ event: Event) { history.note(event) }

  /// Captures the page now and writes it, and its line in `shots.jsonl`: the layout as of the
  /// `shown` at `scriptMs` (the page's reported frame, `frameWidth` × `frameHeight` CSS px).
  mutating func capture(
    _ page: BrowserPage, scriptMs: Double, frameWidth: Double, frameHeight: Double, caption: String
  ) throws(BrowserError) {
    let png = try page.screenshot()
    let name =
      "\(String(repeating: "0", count: max(0, 3 - String(entries.count + 1).count)))\(entries.count + 1)-"
      + "\(Int(scriptMs.rounded()))ms.png"
    let file: OutputFile
    do {
      file = try OutputFile.open(path: directory + "/" + name)
    } catch {
      throw .io("\(directory)/\(name): \(error.message)")
    }
    file.write(bytes: png)
    file.close()
    if file.isBroken {
      // A cut PNG is removed, not left looking whole (only a regular file).
      if POSIX.isRegularFile(directory + "/" + name) { _ = POSIX.remove(directory + "/" + name) }
      throw .io("\(directory)/\(name): \(file.failure?.message ?? "write failed"); the partial screenshot was removed")
    }
    entries.append(ContactSheet.Entry(file: name, scriptMs: scriptMs, caption: caption))
    let record = history.record(file: name, atMs: scriptMs, width: frameWidth, height: frameHeight, caption: caption)
    if let index {
      index.write(bytes: record.jsonLine + [UInt8(ascii: "\n")])
      if index.isBroken { throw .io("\(index.name): \(index.failure?.message ?? "write failed")") }
    }
  }

  /// Closes `shots.jsonl` and writes `index.html`: every screenshot in order with its time and
  /// caption.
  func writeIndex() throws(CLIError) {
    if let index {
      index.close()
      if index.failedForReal { throw CLIError(writeFailure: index, progress: nil) }
    }
    guard !entries.isEmpty else { return }
    let sheet = ContactSheet.html(title: "hingesim web: one screenshot per layout shown", entries: entries)
    try DocumentFile.write(sheet, to: directory + "/index.html", what: "contact sheet")
  }
}
