import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzScriptOnce)
}

/// A `.hinge` script as the CLI reads one: parsed line by line as it arrives (binary data is an
/// error), compiled with the bundled profile's range and rate and a text of five chapters (as
/// the bundled sample has), then played to the end. `maxEvents` is small so that a valid but
/// huge script is refused at compile time instead of played for minutes.
func fuzzScriptOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let reader = Fuzz.lineReader(Fuzz.bytes(data, size), name: "fuzz.hinge")
  // A text of 50,000 UTF-16 units, as the sample chapter's: `select` past it is an error; and of
  // five chapters, as the sample has: `open-chapter` past them is one too.
  var options = CompiledScript.Options(
    angleRange: 0...180, defaultRateHz: 100, maxEvents: 100_000, textLength: 50_000)
  options.chapterCount = 5
  do {
    var source = ScriptSource(try CompiledScript.compile(reading: reader, options: options))
    let played = Fuzz.drain(&source)
    Fuzz.require(
      played == source.script.eventCount,
      "the script played \(played) events, its compiler counted \(source.script.eventCount)")
  } catch {
    switch error {
    case .input(let error): _ = error.description
    case .script(let errors): _ = errors.description
    }
  }
  return 0
}
