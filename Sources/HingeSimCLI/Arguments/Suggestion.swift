/// The nearest known word to a mistyped one (`--jsno` → `--json`, `reprot` → `report`).
enum Suggestion {
  /// The candidate closest to `word` by edit distance (insertions, deletions, substitutions
  /// and swaps of neighbours), if it is within 2 edits and closer than half the word.
  static func nearest(to word: String, in candidates: [String]) -> String? {
    // Within 2 edits of a known word is at most 2 longer than the longest: no 100 KB word is
    // compared, character by character, with every candidate.
    guard word.count <= (candidates.map(\.count).max() ?? 0) + 2 else { return nil }
    let target = Array(word)
    var best: (word: String, distance: Int)?
    for candidate in Set(candidates) {
      let d = distance(target, Array(candidate))
      if d <= 2, d * 2 < max(target.count, 1),
        d < (best?.distance ?? .max) || (d == best?.distance && candidate < best!.word)
      {
        best = (candidate, d)
      }
    }
    return best?.word
  }

  /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits).
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
