import EventStream
import Platform
import Reader

extension PaginateCommand {
  /// `hingesim paginate --pdf FILE [--json]`: a PDF's page count and each page's size, as
  /// poppler reads them (a PDF does not reflow: there is nothing to paginate).
  static func paginatePDF(_ path: String, _ args: inout Arguments, _ context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let json = args.flag("--json")
    let extra = try args.positionals()
    guard extra.isEmpty else {
      throw .usage("paginate --pdf FILE takes no other FILE, found '\(InputText.excerpt(extra[0]))'")
    }
    let pdf = try ReaderOptions.loadPDF(path, limit: context.readLimits[.pdf])
    if json {
      let sizes = pdf.pageSizes.map {
        "[\(NumberFormat.shortest($0.width, places: 4)),\(NumberFormat.shortest($0.height, places: 4))]"
      }
      context.stdout.line("{\"pages\":\(pdf.pageCount),\"page_sizes\":[\(sizes.joined(separator: ","))]}")
      return .ok
    }
    context.stdout.line(
      "\(path): \(pdf.pageCount) page\(pdf.pageCount == 1 ? "" : "s") (fixed layout: pages do not reflow)")
    for (index, size) in pdf.pageSizes.enumerated() {
      let shape = size.width > size.height ? "landscape" : size.width < size.height ? "portrait" : "square"
      context.stdout.line(
        "page \(index + 1): \(NumberFormat.shortest(size.width, places: 2)) × \(NumberFormat.shortest(size.height, places: 2)) pt, \(shape)"
      )
    }
    return .ok
  }
}
