import EventStream

/// One screenshot in a folder's index (`DIR/shots.jsonl`, a line each, written by
/// `hingesim web --screenshots DIR` as each is taken):
///
/// ```
/// {"file":"002-1289ms.png","t":1288.925,"pose":"openWide","width":867,"height":611,"textSize":"large",
///  "fold":{"x":423,"y":0,"width":21,"height":611,"active":false},"caption":"openWide 867×611: …"}
/// ```
///
/// `width` × `height` is the reader's frame in CSS pixels (the page's viewport), `fold` the
/// band the page was told is the fold, in the same pixels (clipped to the frame; `null` when
/// the layout has none), `t` the stream's time of the `shown` the picture follows, ms.
public struct ShotRecord: Sendable, Equatable {
  /// The PNG's name in the folder.
  public var file: String
  /// When it was taken, on the stream's clock, ms.
  public var timeMs: Double
  /// The simulator's pose (`closed`, `book`, `openWide`, `tabletop`, …).
  public var pose: String
  /// The reader frame, CSS px.
  public var width: Double
  /// The reader frame, CSS px.
  public var height: Double
  /// The text size in force (`large`, `AX5`, …).
  public var textSize: String
  /// The fold's band within the frame, CSS px; nil when the layout has no fold.
  public var fold: Rect?
  /// True when the fold was active (folded) rather than flat.
  public var foldActive: Bool
  /// What the page showed (pose, size, pages), for people.
  public var caption: String

  /// Makes a record.
  public init(
    file: String, timeMs: Double, pose: String, width: Double, height: Double, textSize: String, fold: Rect?,
    foldActive: Bool = false, caption: String
  ) {
    self.file = file
    self.timeMs = timeMs
    self.pose = pose
    self.width = width
    self.height = height
    self.textSize = textSize
    self.fold = fold
    self.foldActive = foldActive
    self.caption = caption
  }

  /// What two runs' shots must share to be paired: pose, frame and text size
  /// (`openWide 867×611 large`).
  public var layout: String {
    "\(pose) \(NumberFormat.shortest(width))×\(NumberFormat.shortest(height)) \(textSize)"
  }

  /// The record as one line of `shots.jsonl` (without the newline).
  public var jsonLine: [UInt8] {
    var writer = JSONObjectWriter()
    writer.field("file", file)
    writer.field("t", timeMs)
    writer.field("pose", pose)
    writer.field("width", width)
    writer.field("height", height)
    writer.field("textSize", textSize)
    if let fold {
      writer.openObject("fold")
      writer.field("x", fold.x)
      writer.field("y", fold.y)
      writer.field("width", fold.width)
      writer.field("height", fold.height)
      writer.field("active", foldActive)
      writer.close()
    } else {
      writer.null("fold")
    }
    writer.field("caption", caption)
    writer.close()
    return writer.bytes
  }
}
