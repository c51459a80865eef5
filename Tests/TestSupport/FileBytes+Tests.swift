import EventStream

extension FileBytes {
  /// A fixture or an output the test wrote, read whole: the tool's own reads go through a
  /// read limit (`read(path:display:limit:)`); a test's files are its own.
  public static func read(path: String, display: String? = nil) throws(InputError) -> [UInt8] {
    try read(path: path, display: display, limit: ReadLimit(kind: .text, bytes: ReadLimits.range.upperBound))
  }
}
