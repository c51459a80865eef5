extension Library {
  static let headingWords: Set<String> = [
    "Chapter", "CHAPTER", "Adventure", "ADVENTURE", "Book", "BOOK", "Part", "PART",
  ]
  static let numberWords: Set<String> = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
  ]

  /// The heading a line is (spaces trimmed), or nil when the rule does not take it.
  static func heading(_ line: String) -> String? {
    let trimmed = line.trimmingSpaces
    guard !trimmed.isEmpty, trimmed.count <= maxHeadingLength else { return nil }
    let words = trimmed.split(separator: " ", maxSplits: 2)
    guard words.count >= 2 else {
      return nil
    }
    let first = String(words[0])
    let second = String(words[1]).trimmingTrailingPunctuation
    if headingWords.contains(first) {
      let isNumber = Int(second) != nil || isRoman(second) || numberWords.contains(second.lowercased())
      // The number ends the line, ends in punctuation (`One:`, `IV.`) or is followed by capitals:
      // `Part one of the plan was simple.` is prose.
      let ends =
        words.count == 2 || second.count < words[1].count || !words[2].contains(where: \.isLowercase)
      return isNumber && ends ? trimmed : nil
    }
    // `VII. THE ADVENTURE OF THE BLUE CARBUNCLE`: a numeral with a full stop, a title in capitals.
    guard first.hasSuffix("."), isRoman(String(first.dropLast())) else { return nil }
    let title = trimmed.dropFirst(first.count)
    guard title.contains(where: \.isLetter), !title.contains(where: \.isLowercase) else { return nil }
    return trimmed
  }

  /// True for a roman numeral in capitals (I … MMMCMXCIX, loosely: only the letters).
  static func isRoman(_ word: String) -> Bool {
    !word.isEmpty && word.count <= 12 && word.allSatisfy { "IVXLCDM".contains($0) }
  }
}

extension String {
  fileprivate var trimmingTrailingPunctuation: String {
    var s = Substring(self)
    while let last = s.last, ".:,;—-".contains(last) { s.removeLast() }
    return String(s)
  }
}
