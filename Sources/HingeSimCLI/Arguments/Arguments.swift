import EventStream

/// The arguments of one command, consumed option by option.
///
/// ```swift
/// var args = Arguments(["trace.jsonl", "--settle-ms", "150", "--json"])
/// let json = args.flag("--json")                 // true
/// let settle = try args.double("--settle-ms")    // 150
/// let files = try args.positionals()             // ["trace.jsonl"]; unknown options throw
/// ```
public struct Arguments: Sendable {
  private var items: [String]
  /// Every option name a command asked for, to suggest the nearest for a mistyped one.
  private var known: [String] = []

  /// Every option name asked for so far, in order (what the command's parser accepts).
  var askedFor: [String] { known }

  /// Wraps the arguments that follow the command name.
  public init<S: Sequence>(_ items: S) where S.Element == String { self.items = Array(items) }

  /// True when `name` (or one of `aliases`) is present before `--`; removes it.
  public mutating func flag(_ name: String, aliases: [String] = []) -> Bool {
    let names = [name] + aliases
    known += names
    let end = items.firstIndex(of: "--") ?? items.endIndex
    let before = items[..<end].filter { !names.contains($0) }
    let found = before.count < end
    items.replaceSubrange(..<end, with: before)
    return found
  }

  /// True when `-h` or `--help` comes before `--` (after it they are file names).
  public static func asksForHelp<S: Collection>(_ items: S) -> Bool where S.Element == String {
    for item in items {
      if item == "--" { return false }
      if item == "-h" || item == "--help" { return true }
    }
    return false
  }

  /// The value of `--name VALUE` or `--name=VALUE`; nil when absent. The last one wins.
  public mutating func option(_ name: String) throws(CLIError) -> String? {
    try options(name).last
  }

  /// Every value of a repeatable option, in order (each taken out of the arguments).
  public mutating func options(_ name: String) throws(CLIError) -> [String] {
    known.append(name)
    var values: [String] = []
    var index = 0
    while index < items.count {
      let item = items[index]
      if item == "--" { break }
      if item == name {
        guard index + 1 < items.count else { throw .usage("\(name) needs a value") }
        values.append(items[index + 1])
        items.removeSubrange(index...(index + 1))
      } else if item.hasPrefix(name + "=") {
        values.append(String(item.dropFirst(name.count + 1)))
        items.remove(at: index)
      } else {
        index += 1
      }
    }
    return values
  }

  /// The value of `--name N` as a number; a non-number is a usage error.
  public mutating func double(_ name: String) throws(CLIError) -> Double? {
    guard let text = try option(name) else { return nil }
    guard Self.isPlainDecimal(text), let value = Double(text), value.isFinite else {
      throw .usage("\(name): expected a number, found '\(InputText.excerpt(text))'")
    }
    return value
  }

  /// The value of `--name N` as a number in `range` (its documented range, `unit` after it in
  /// the message); anything else is a usage error naming the range:
  /// `--compute-ms: expected a number from 0 to 60000 ms, found '1e308'`.
  public mutating func double(_ name: String, in range: ClosedRange<Double>, unit: String) throws(CLIError) -> Double? {
    guard let text = try option(name) else { return nil }
    guard Self.isPlainDecimal(text), let value = Double(text), range.contains(value) else {
      throw .usage(
        "\(name): expected a number from \(NumberFormat.shortest(range.lowerBound)) to \(NumberFormat.shortest(range.upperBound))\(unit.isEmpty ? "" : " " + unit), found '\(InputText.excerpt(text))'"
      )
    }
    return value
  }

  /// The value of `--name N` as an integer in `range`; anything else is a usage error naming it.
  public mutating func int(_ name: String, in range: ClosedRange<Int>, what: String = "an integer") throws(CLIError)
    -> Int?
  {
    guard let text = try option(name) else { return nil }
    guard let value = Self.integer(text), range.contains(value) else {
      throw .usage(
        "\(name): expected \(what) from \(range.lowerBound) to \(range.upperBound), found '\(InputText.excerpt(text))'")
    }
    return value
  }

  /// Plain decimal digits (no sign: no option counts below 0, and `-0` or `+5` is a typo):
  /// what an integer option accepts.
  static func integer(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(text)
  }

  /// True for `12`, `-1.5`, `2e3` (see `NumberFormat.isPlainDecimal`).
  static func isPlainDecimal(_ text: String) -> Bool { NumberFormat.isPlainDecimal(text) }

  /// The value of `--name N` as an integer; anything else is a usage error.
  public mutating func int(_ name: String) throws(CLIError) -> Int? {
    guard let text = try option(name) else { return nil }
    guard let value = Self.integer(text) else {
      throw .usage("\(name): expected an integer, found '\(InputText.excerpt(text))'")
    }
    return value
  }

  /// True when `--name` is among the arguments not yet taken (before `--`), as a flag,
  /// `--name VALUE` or `--name=VALUE`; nothing is taken.
  public func contains(_ name: String) -> Bool {
    for item in items {
      if item == "--" { return false }
      if item == name || item.hasPrefix(name + "=") { return true }
    }
    return false
  }

  /// The first argument when it is a word (a subcommand such as `bench NAME`); removes it.
  public mutating func subcommand() -> String? {
    guard let first = items.first, !first.hasPrefix("-") else { return nil }
    items.removeFirst()
    return first
  }

  /// What is left once every known option was taken; an unknown `--option` is a usage error.
  /// `-` (stdin) is a positional; everything after `--` is positional.
  public mutating func positionals() throws(CLIError) -> [String] {
    var result: [String] = []
    var rest = false
    for item in items {
      if rest || item == "-" || !item.hasPrefix("-") {
        result.append(item)
      } else if item == "--" {
        rest = true
      } else {
        let name = String(item.prefix { $0 != "=" })
        let hint = Suggestion.nearest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        throw .usage("unknown option '\(InputText.excerpt(item))'\(hint)")
      }
    }
    items = []
    return result
  }
}
