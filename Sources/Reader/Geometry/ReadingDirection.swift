/// The order the reader's pages run in: left to right, or right to left (Hebrew, Arabic …).
///
/// Reading order does not change: page 1 comes before page 2, a `turn next` goes to the
/// following pages and a spread starts on an even page (0-based). Only the arrangement
/// mirrors: in `rtl` a spread's first (lower-numbered) page sits right of the fold, the next
/// pages lie to the left, and the trailing side — where notes go — is the left.
public enum ReadingDirection: String, Sendable, CaseIterable {
  /// Left to right: a spread's first page left of the fold, notes right of it.
  case ltr
  /// Right to left: a spread's first page right of the fold, notes left of it.
  case rtl
}

/// The reading direction asked for (`--direction`): one of the two, or the text's own.
public enum ReadingDirectionChoice: String, Sendable, CaseIterable {
  /// Left to right, whatever the text.
  case ltr
  /// Right to left, whatever the text.
  case rtl
  /// The text's base direction.
  case auto

  /// The direction the reader uses for `document`.
  ///
  /// `auto` takes the text's base direction from the typesetter (FriBidi: the first paragraph
  /// with a strong character decides), so a Hebrew or Arabic text reads right to left without
  /// `--direction`. This is the one place `auto` is decided.
  public func resolved(for document: ReaderDocument) -> ReadingDirection {
    switch self {
    case .ltr: .ltr
    case .rtl: .rtl
    case .auto: document.layout.baseDirection == .rightToLeft ? .rtl : .ltr
    }
  }
}
