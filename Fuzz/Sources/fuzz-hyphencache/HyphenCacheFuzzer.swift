import FuzzSupport
@_spi(Fuzzing) import Typesetter

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHyphenCache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzHyphenCacheOnce)
}

/// A compiled hyphenation dictionary as `HyphenDictionaryCache` reads one from the user's cache
/// directory, its checksum made to match so that damage reaches the structural checks: refused,
/// or every state number, transition target and replacement index within bounds.
func fuzzHyphenCacheOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  if let problems = CompiledHyphenationFuzzing.problems(Fuzz.bytes(data, size)) {
    Fuzz.require(problems.isEmpty, "an accepted compiled dictionary: \(problems.prefix(3).joined(separator: "; "))")
  }
  return 0
}
