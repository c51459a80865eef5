import EventStream

/// An HTML page of screenshots in order, each with its stream time and what it shows
/// (`hingesim web --screenshots DIR` writes it as `DIR/index.html`).
public enum ContactSheet {
  /// One picture on the sheet.
  public struct Entry: Sendable, Equatable {
    /// The image's file name, relative to the sheet.
    public var file: String
    /// When it was taken, on the script's clock, ms.
    public var scriptMs: Double
    /// What it shows (pose, size, pages).
    public var caption: String

    /// Makes an entry.
    public init(file: String, scriptMs: Double, caption: String) {
      self.file = file
      self.scriptMs = scriptMs
      self.caption = caption
    }
  }

  /// The page, self-contained (inline style, no script, no network).
  public static func html(title: String, entries: [Entry]) -> String {
    var html = """
      <!doctype html>
      <html lang="en"><meta charset="utf-8"><title>\(SVGWriter.escape(title))</title>
      <style>
      body { font: 14px sans-serif; background: #eee; margin: 16px; }
      figure { display: inline-block; margin: 8px; vertical-align: top; background: #fff; padding: 8px; }
      img { max-width: 440px; max-height: 440px; display: block; border: 1px solid #ccc; }
      figcaption { margin-top: 6px; font-family: monospace; max-width: 440px; }
      </style>
      <h1>\(SVGWriter.escape(title))</h1>

      """
    for entry in entries {
      let caption = SVGWriter.escape(entry.caption)
      html += "<figure><img src=\"\(SVGWriter.escape(entry.file))\" alt=\"\(caption)\">"
      html += "<figcaption>\(NumberFormat.ms(entry.scriptMs)) ms — \(caption)</figcaption></figure>\n"
    }
    return html
  }
}
