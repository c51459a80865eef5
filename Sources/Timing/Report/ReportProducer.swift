import EventStream

/// Who made a report: the hingesim version and the host (cores, operating system). Unlike
/// `ReportInputs`, a difference here never stops a comparison — the same inputs on a newer
/// build or another machine is what `--compare` is for — it is only noted.
///
/// ```swift
/// let producer = ReportProducer(version: "0.3.0", cores: 2, operatingSystem: "Linux 6.8.0 x86_64")
/// ReportProducer.notes(base: producer, new: producer)   // []
/// ```
public struct ReportProducer: Sendable, Equatable {
  /// `hingesim --version`.
  public var version: String
  /// Online cores.
  public var cores: Int
  /// `uname`: kernel name, release and machine.
  public var operatingSystem: String

  /// Makes a producer.
  public init(version: String, cores: Int, operatingSystem: String) {
    self.version = version
    self.cores = cores
    self.operatingSystem = operatingSystem
  }

  /// What differs between two producers, one line each (`hingesim version: base 0.3.0, new 0.4.0`).
  public static func notes(base: ReportProducer, new: ReportProducer) -> [String] {
    var lines: [String] = []
    if base.version != new.version { lines.append("hingesim version: base \(base.version), new \(new.version)") }
    if base.operatingSystem != new.operatingSystem {
      lines.append("host OS: base \(base.operatingSystem), new \(new.operatingSystem)")
    }
    if base.cores != new.cores { lines.append("host cores: base \(base.cores), new \(new.cores)") }
    return lines
  }

  /// Writes the `hingesim` object's members.
  func write(into w: inout JSONObjectWriter) {
    w.field("version", version)
    w.openObject("host")
    w.field("cores", cores)
    w.field("os", operatingSystem)
    w.close()
  }

  /// Reads a `hingesim` object; every member is required.
  init(_ f: ReportFields) throws(ReportDecodingError) {
    let host = try f.object("host")
    self.init(version: try f.string("version"), cores: try host.count("cores"), operatingSystem: try host.string("os"))
  }
}
