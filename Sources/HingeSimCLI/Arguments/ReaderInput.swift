import Reader

/// What the reader shows: a text it reflows, or a PDF whose pages keep their layout (`--pdf`).
enum ReaderInput {
  case text(ReaderDocument)
  case pdf(FixedLayoutDocument)
}
