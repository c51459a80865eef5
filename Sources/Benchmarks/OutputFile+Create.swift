import Platform

extension OutputFile {
  /// Creates (truncates) a file for writing; a failure is an I/O error naming the file.
  static func create(path: String, lineBuffered: Bool = false) throws(BenchmarkError) -> OutputFile {
    do {
      return try OutputFile.open(path: path, lineBuffered: lineBuffered)
    } catch {
      throw BenchmarkError("\(path): cannot write: \(error.message)", kind: .ioError)
    }
  }
}
