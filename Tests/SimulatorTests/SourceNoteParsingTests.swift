import Testing

@testable import Simulator

/// A `source` note is read from its bytes when that cannot differ from reading it by `Character`;
/// these notes are where it could, and must not.
@Suite struct SourceNoteParsingTests {
  /// The note read by `Character`, as the rule is written: the kind before the first `:`, the
  /// reason after it without its leading spaces.
  static func reference(_ note: String) -> (SourceKind, String)? {
    let kindText = note.prefix { $0 != ":" }
    let reason = note.dropFirst(kindText.count + 1).drop { $0 == " " }
    guard let kind = SourceKind(rawValue: String(kindText)), kindText.count < note.count, !reason.isEmpty else {
      return nil
    }
    return (kind, String(reason))
  }

  @Test(
    "kinds and reasons as read by Character: combining marks after the colon or the spaces, a prepended mark before it",
    arguments: [
      "assumed: why", "measured:(the device study)", "derived:   from x", "assumed:", "assumed:   ",
      "assumed:\u{301} accent on the colon", "assumed: \u{301}accent on the space", "assumed:  é reason",
      "assumed\u{600}: prepended", "Assumed: capital", "reference-code: lineSpacing 3", "apple-spec: HIG: two colons",
      "no colon at all", ": empty kind", "external:\r\nCR LF", "design-kit: 🇫🇷 flag",
    ])
  func asByCharacter(_ note: String) {
    let parsed = try? ProfileSources.parse(note, at: "x.source")
    let expected = Self.reference(note)
    #expect(parsed?.0 == expected?.0)
    #expect(parsed?.1 == expected?.1)
  }
}
