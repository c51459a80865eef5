import EventStream

/// What a pagination depends on: the page size and the text size (the text is the document's).
struct PageKey: Hashable {
  /// Page width, points.
  var width: Double
  /// Page height, points.
  var height: Double
  var textSize: TextSize
}
