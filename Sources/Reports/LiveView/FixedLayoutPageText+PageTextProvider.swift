import Reader

/// A PDF page in the live view is the text poppler finds on it (a terminal cannot draw the
/// page; the page does not reflow, so its lines are the PDF's own, cut at the box's edge).
extension FixedLayoutPageText: PageTextProvider {}
