import Backends
import EventStream
import Platform
import Reader
import Simulator

/// `hingesim web --reader pdfjs --pdf FILE [SOURCE]`: Mozilla's PDF.js viewer (Debian's
/// `libjs-pdf`), served with the PDF from a loopback HTTP server this command starts and stops,
/// instrumented by `web/pdfjs/adapter.js` and held to the fixed-layout reader's rules.
enum PDFJSWeb {
  static let usage = """
    usage: hingesim web --reader pdfjs --pdf FILE [SOURCE] [--spread none|odd|even] [--zoom Z] [options]

    Serves Mozilla's PDF.js viewer (Debian's libjs-pdf, /usr/share/javascript/pdf) and FILE from
    a loopback HTTP server (127.0.0.1, a free port, for this run only), opens
    viewer.html?file=… in headless Chromium with web/pdfjs/adapter.js injected, and plays
    SOURCE (default: traces/default.hinge) into it as 'hingesim web' does. The adapter turns
    PDF.js's own events (pages initialised, page changing, scale changing, spread mode, view
    area updates) into app-log lines; after the run the page's log is held to the PDF rules
    at every settle: pdf-place-visible (the page read before the layout changed is still on
    screen), pdf-fold-clear, pdf-spread-centred (docs/pdfjs.md).

    options:
      --pdf FILE         the document (required)
      --spread MODE      PDF.js's spread mode at load: none (its default), odd (1–2, 3–4 …), even
      --zoom Z           PDF.js's zoom at load: auto (its default), page-fit, page-width, or a percentage
      --pdfjs DIR        the PDF.js build to serve (default /usr/share/javascript/pdf)
      --clock stream|real, --app-log FILE, --screenshots DIR, --browser PATH, --browser-url URL,
      --quiet-ms MS, --profile NAME, --settle-ms MS, --from T, --to T …   as for 'hingesim web'
                         (the stream clock is the default here too: verdicts that do not
                         depend on how busy the host is)

    Exit: 0 PDF.js held to the rules; 1 it broke one; 75 (--clock real) it broke one on a
    starved host; 64 usage; 65 bad source or PDF, or a page
    report that is not an app-log event; 66 no PDF, source or browser; 69 PDF.js not installed;
    74 the browser or the server failed, or PDF.js did not open the document.

    """

  /// The PDF.js build Debian's `libjs-pdf` installs.
  static let defaultPDFJS = "/usr/share/javascript/pdf"

  static func run(reader: String, _ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    guard reader == "pdfjs" else {
      throw .usage(
        "--reader: expected pdfjs (the bundled web reader is the default), found \(InputText.excerpt(reader))")
    }
    guard let pdfPath = try args.option("--pdf") else { throw .usage("web --reader pdfjs needs --pdf FILE") }
    let spread = try args.option("--spread") ?? "none"
    guard let spreadMode = ["none": 0, "odd": 1, "even": 2][spread] else {
      throw .usage("--spread: expected none, odd or even, found \(InputText.excerpt(spread))")
    }
    let zoom = try args.option("--zoom") ?? "auto"
    guard ["auto", "page-fit", "page-width", "page-actual"].contains(zoom) || PDFJSRun.zoomPercent(zoom) != nil else {
      throw .usage(
        "--zoom: expected auto, page-fit, page-width, page-actual or a percentage 10–1000, found \(InputText.excerpt(zoom))"
      )
    }
    let pdfjs = try args.option("--pdfjs") ?? defaultPDFJS
    let run = try BrowserRun.parse(&args)
    let options = try run.sourceOptions(&args)
    let paths = try args.positionals()
    guard paths.count <= 1 else { throw .usage("web takes one SOURCE, found \(paths.count)") }
    let path = paths.first ?? RunCommand.defaultSource(context)
    let profile = try options.loadProfile(context)
    let document = try ReaderOptions.loadPDF(pdfPath, limit: context.readLimits[.pdf])
    guard POSIX.isReadable(pdfjs + "/web/viewer.html"), POSIX.isReadable(pdfjs + "/build/pdf.js") else {
      throw CLIError(
        "web --reader pdfjs: no PDF.js viewer in \(pdfjs) (web/viewer.html, build/pdf.js): install Debian's libjs-pdf",
        code: .unavailable)
    }
    let adapterPath = context.resourceRoot + "/web/pdfjs/adapter.js"
    guard let bytes = WholeFile.read(adapterPath, limit: 1 << 20),
      let adapter = String(validating: bytes, as: UTF8.self)
    else {
      throw CLIError("web --reader pdfjs: the adapter \(adapterPath) is missing", code: .noInput)
    }
    let setup = PDFJSRun.Setup(
      path: path, pdfPath: pdfPath, pdfjs: pdfjs, adapter: adapter, spreadMode: spreadMode, zoom: zoom,
      document: document, profile: profile, options: options, run: run)
    return try PDFJSRun.run(setup, context)
  }
}
