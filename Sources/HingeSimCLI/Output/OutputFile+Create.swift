import Platform

extension OutputFile {
  /// Creates (truncates) a file for writing; a failure is exit 74 naming the file.
  static func create(path: String, lineBuffered: Bool = false) throws(CLIError) -> OutputFile {
    do {
      return try OutputFile.open(path: path, lineBuffered: lineBuffered)
    } catch {
      throw CLIError("\(path): cannot write: \(error.message)", code: .ioError)
    }
  }
}
