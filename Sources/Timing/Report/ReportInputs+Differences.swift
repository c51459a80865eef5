import EventStream

extension ReportInputs {
  /// The compute model of a report on an app log (`report --app`): the app's own times. A
  /// report of the model and one of an app compare (that is their point); the difference is
  /// a note.
  public static let appComputeModel = "app"

  /// Every way `new` measured something else than `base`, one line each, in words
  /// (`compute model: base thread-cpu, new fixed:5`): different source contents, profile
  /// content (the typography and the conflicts' sides with it), text (or PDF), offset, settle
  /// window, compute model, the reader's chapters, direction and hyphenation, pre-pagination,
  /// clock or replay window. Empty when the two reports measured the same inputs — then their figures compare.
  /// Names and paths alone never differ here (see `notes(base:new:)`): the same trace under
  /// another path, or from another checkout, is the same input.
  public static func differences(base: ReportInputs, new: ReportInputs) -> [String] {
    var lines = sourceDifferences(base.sources, new.sources)
    if base.profile.hash != new.profile.hash {
      lines.append(
        "profile: base \(InputText.name(base.profile.name)) (hash \(base.profile.hash)), new \(InputText.name(new.profile.name)) (hash \(new.profile.hash))"
      )
    }
    if base.text.hash != new.text.hash || base.text.utf16Length != new.text.utf16Length {
      lines.append("text: base \(describe(base.text)), new \(describe(new.text))")
    }
    if base.offset != new.offset { lines.append("offset: base \(base.offset), new \(new.offset)") }
    if base.settleWindowMs != new.settleWindowMs {
      lines.append(
        "settle window: base \(NumberFormat.shortest(base.settleWindowMs)) ms, new \(NumberFormat.shortest(new.settleWindowMs)) ms"
      )
    }
    if base.computeModel != new.computeModel,
      (base.computeModel == Self.appComputeModel) == (new.computeModel == Self.appComputeModel)
    {
      lines.append(
        "compute model: base \(InputText.excerpt(base.computeModel)), new \(InputText.excerpt(new.computeModel))")
    }
    lines += readerDifferences(base.reader, new.reader)
    if base.prepaginate != new.prepaginate {
      lines.append("prepaginate: base \(base.prepaginate ? "on" : "off"), new \(new.prepaginate ? "on" : "off")")
    }
    // A model's report against an app's: their clocks differ by nature (the app's own), so
    // that is no refusal; the comparison marks each figure that does not compare.
    if base.clock != new.clock || base.speed != new.speed, !isEngineComparison(base, new) {
      lines.append("clock: base \(describeClock(base)), new \(describeClock(new))")
    }
    if base.fromMs != new.fromMs || base.toMs != new.toMs {
      lines.append("window (--from/--to): base \(describeWindow(base)), new \(describeWindow(new))")
    }
    return lines
  }

  /// True when one report is the reader model's and the other an app's (`report --app`, a
  /// browser): two engines on the same inputs.
  public static func isEngineComparison(_ base: ReportInputs, _ new: ReportInputs) -> Bool {
    (base.computeModel == Self.appComputeModel) != (new.computeModel == Self.appComputeModel)
  }

  /// How the two reports' readers read: `--chapters`, the direction, the hyphenation. A report
  /// that does not say (written before reports did) differs from one that does.
  static func readerDifferences(_ base: Reader?, _ new: Reader?) -> [String] {
    guard base != new else { return [] }
    guard let base, let new else {
      let silent = base == nil ? "base" : "new"
      return [
        "reader: \(silent) does not say whether it paginated by chapter, its direction or hyphenation (a report from an older hingesim)"
      ]
    }
    var lines: [String] = []
    if base.chapters != new.chapters {
      lines.append(
        "chapters (--chapters): base \(base.chapters ? "by chapter" : "whole text"), new \(new.chapters ? "by chapter" : "whole text")"
      )
    }
    if base.direction != new.direction { lines.append("direction: base \(base.direction), new \(new.direction)") }
    if base.hyphenation != new.hyphenation {
      lines.append("hyphenation: base \(base.hyphenation ?? "none"), new \(new.hyphenation ?? "none")")
    }
    return lines
  }

  /// What differs without making the figures incomparable: a profile, text or source under
  /// another name or path with the same content.
  public static func notes(base: ReportInputs, new: ReportInputs) -> [String] {
    var lines: [String] = []
    if base.computeModel != new.computeModel,
      (base.computeModel == Self.appComputeModel) != (new.computeModel == Self.appComputeModel)
    {
      lines.append(
        "compute model: base \(InputText.excerpt(base.computeModel)), new \(InputText.excerpt(new.computeModel)) (a reader model's run against an app's: the same inputs, another reader)"
      )
      if base.clock != new.clock {
        lines.append(
          "clock: base \(describeClock(base)), new \(describeClock(new)): only figures of one term on one kind of clock compare; the others are marked not comparable"
        )
      }
    }
    if base.profile.hash == new.profile.hash, base.profile.name != new.profile.name {
      lines.append(
        "profile name: base \(InputText.name(base.profile.name)), new \(InputText.name(new.profile.name)) (same content)"
      )
    }
    if base.text.hash == new.text.hash, base.text.utf16Length == new.text.utf16Length, base.text.name != new.text.name {
      lines.append(
        "text name: base \(InputText.name(base.text.name)), new \(InputText.name(new.text.name)) (same content)")
    }
    if sourceDifferences(base.sources, new.sources).isEmpty, base.sources.map(\.path) != new.sources.map(\.path) {
      let renamed = zip(base.sources, new.sources).first { $0.path != $1.path }
      let example = renamed.map { " (first: base \(InputText.name($0.path)), new \(InputText.name($1.path)))" } ?? ""
      lines.append("source paths differ, contents are the same\(example)")
    }
    return lines
  }

  /// Sources compared by content: each base source is matched with a new one of the same
  /// hash, whatever its path or place; what is left over differs. A source without a hash
  /// (stdin not read to its end) matches nothing.
  static func sourceDifferences(_ base: [Source], _ new: [Source]) -> [String] {
    var leftNew = new
    var leftBase: [Source] = []
    for source in base {
      if let hash = source.hash, let i = leftNew.firstIndex(where: { $0.hash == hash }) {
        leftNew.remove(at: i)
      } else {
        leftBase.append(source)
      }
    }
    guard !leftBase.isEmpty || !leftNew.isEmpty else { return [] }
    var lines: [String] = []
    if base.count != new.count {
      lines.append("sources: base has \(base.count), new has \(new.count)")
    }
    let unknown =
      leftBase.filter { $0.hash == nil }.map { "base \(InputText.name($0.path))" }
      + leftNew.filter { $0.hash == nil }.map { "new \(InputText.name($0.path))" }
    if !unknown.isEmpty { lines.append("sources of unknown content (not read to their end): " + list(unknown)) }
    leftNew.removeAll { $0.hash == nil }
    // A source left over on both sides under the same file name changed its content.
    var changed: [String] = []
    var onlyBase: [Source] = []
    for source in leftBase where source.hash != nil {
      if let i = leftNew.firstIndex(where: { fileName($0.path) == fileName(source.path) }) {
        let other = leftNew.remove(at: i)
        changed.append("\(InputText.name(source.path)) (base hash \(source.hash ?? ""), new hash \(other.hash ?? ""))")
      } else {
        onlyBase.append(source)
      }
    }
    if !changed.isEmpty { lines.append("sources with other content: " + list(changed)) }
    if !onlyBase.isEmpty { lines.append("sources only in base: " + list(onlyBase.map { InputText.name($0.path) })) }
    if !leftNew.isEmpty { lines.append("sources only in new: " + list(leftNew.map { InputText.name($0.path) })) }
    return lines
  }

  private static func fileName(_ path: String) -> Substring {
    path.split(separator: "/").last ?? Substring(path)
  }

  private static func list(_ items: [String], limit: Int = 5) -> String {
    let shown = items.prefix(limit).joined(separator: ", ")
    return items.count > limit ? shown + ", … \(items.count - limit) more" : shown
  }

  private static func describe(_ text: Text) -> String {
    "\(InputText.name(text.name)) (\(text.utf16Length) UTF-16 units, hash \(text.hash))"
  }

  static func describeClock(_ inputs: ReportInputs) -> String {
    switch inputs.clock {
    case .virtual: "virtual time"
    case .realtime:
      inputs.computeModel == appComputeModel
        ? "real time (the app's clock)" : "real time at speed \(NumberFormat.shortest(inputs.speed))"
    case .stream: "the stream's time (the page's timers on it)"
    }
  }

  private static func describeWindow(_ inputs: ReportInputs) -> String {
    if inputs.fromMs == nil, inputs.toMs == nil { return "whole sources" }
    let from = inputs.fromMs.map { NumberFormat.ms($0) } ?? "0"
    let to = inputs.toMs.map { NumberFormat.ms($0) } ?? "end"
    return "\(from)–\(to) ms"
  }
}
