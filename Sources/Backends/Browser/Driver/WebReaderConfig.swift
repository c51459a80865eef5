import EventStream

/// What the bundled web reader reads before it loads (`window.hingesimConfig`, installed with
/// `Page.addScriptToEvaluateOnNewDocument`): the text, the page insets, the settle time, the
/// starting text size, the library sidebar's width, the widest page in regular width and where the
/// chapters start. Any other page
/// gets the same object and may ignore it.
public struct WebReaderConfig: Sendable {
  /// The text to paginate.
  public var text: String
  /// Pages' inset from the reader's edges, px (= pt).
  public var edgeInset: Double
  /// Pages' inset from the fold, px.
  public var foldInset: Double
  /// The debounce after the last change, ms.
  public var settleMs: Double
  /// The starting text size and its point size and line height.
  public var textSize: (name: TextSize, pointSize: Double, lineHeight: Double)
  /// The library sidebar's width when shown in regular width, px.
  public var sidebarWidth: Double
  /// The widest page in regular width, px (0: no limit).
  public var maxTextWidth: Double
  /// Where each chapter starts (UTF-16 offsets, chapter 1 first): where `hingesim:chapter`
  /// moves the place.
  public var chapterStarts: [Int]
  /// The chapters' titles, for the library's list.
  public var chapterTitles: [String] = []
  /// The narrowest page beside a fold (the profile's `pages.minimumWidth`): a fold with less
  /// room on one side gets one page on the other, as the model lays it out.
  public var minimumWidth: Double = 0
  /// `ltr` or `rtl`: the text's direction as the model resolves it (a right-to-left spread
  /// puts its first page right of the fold).
  public var direction: String = "ltr"

  /// Makes a config.
  public init(
    text: String, edgeInset: Double, foldInset: Double, settleMs: Double,
    textSize: (name: TextSize, pointSize: Double, lineHeight: Double), sidebarWidth: Double = 0,
    maxTextWidth: Double = 0, chapterStarts: [Int] = []
  ) {
    self.maxTextWidth = maxTextWidth
    self.text = text
    self.edgeInset = edgeInset
    self.foldInset = foldInset
    self.settleMs = settleMs
    self.textSize = textSize
    self.sidebarWidth = sidebarWidth
    self.chapterStarts = chapterStarts
  }

  /// The script that installs it.
  public var script: String {
    var object = JSONObjectWriter()
    object.field("text", text)
    object.field("edgeInset", edgeInset)
    object.field("foldInset", foldInset)
    object.field("settleMs", settleMs)
    object.openObject("textSize")
    object.field("name", textSize.name.rawValue)
    object.field("pointSize", textSize.pointSize)
    object.field("lineHeight", textSize.lineHeight)
    object.close()
    object.field("sidebarWidth", sidebarWidth)
    object.field("maxTextWidth", maxTextWidth)
    object.field("chapterStarts", chapterStarts)
    object.openArray("chapterTitles")
    for title in chapterTitles { object.rawElement(JSONValue.string(title).orderedBytes) }
    object.closeArray()
    object.field("minimumWidth", minimumWidth)
    object.field("direction", direction)
    object.close()
    return "window.hingesimConfig = \(String(decoding: object.bytes, as: UTF8.self));"
  }

  /// Opens `url` in `page` with this config and the report binding installed.
  public func open(_ url: String, in page: BrowserPage) throws(BrowserError) {
    try page.addBinding(BrowserDriver.bindingName)
    try page.call("Page.addScriptToEvaluateOnNewDocument", .object([("source", .string(script))]))
    try page.navigate(url)
  }
}
