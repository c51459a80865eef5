import Platform

/// Why `shots compare` cannot compare two folders: a place and what was expected there, and
/// which exit code it is.
public struct ShotsError: LocatedError, Sendable, Equatable {
  /// What kind of failure, for the exit code.
  public enum Kind: Sendable, Equatable {
    /// Bad data: an index line or a PNG that is not what it should be (65).
    case badData
    /// A folder, its index or a PNG named in it is missing (66).
    case missing
    /// A read or write failed (74).
    case io
    /// libpng could not be loaded (69).
    case unavailable
  }

  public var file: String
  public var line: Int
  public var column: Int
  public var message: String
  /// What kind of failure.
  public var kind: Kind

  /// Makes an error at `file` (and `line`, `column` when not 0).
  public init(file: String, line: Int = 0, column: Int = 0, _ message: String, kind: Kind) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.kind = kind
  }

  /// `file: expected a PNG, found …` for a PNG libpng refused.
  public init(file: String, png: PNGError) {
    if case .unavailable = png {
      self.init(file: file, png.message, kind: .unavailable)
    } else {
      self.init(file: file, png.message, kind: .badData)
    }
  }
}
