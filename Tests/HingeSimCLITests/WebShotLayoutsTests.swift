import EventStream
import Testing

@testable import HingeSimCLI

/// A screenshot's record takes the layout in force at its `shown`, not the latest the
/// simulator sent: with the stream clock the driver often has the next event before it reads
/// the page's report of the last one.
@Suite struct WebShotLayoutsTests {
  @Test func theRecordSaysTheLayoutAtItsShownNotTheLatest() {
    var layouts = WebShotLayouts()
    let fold = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)
    layouts.note(Event(time: 0, .pose(PoseChange(pose: .closed, from: .unknown, orientation: .portrait))))
    layouts.note(Event(time: 0, .regions(RegionsChange(division: nil))))
    layouts.note(Event(time: 820, .pose(PoseChange(pose: .book, from: .closed, orientation: .portrait))))
    layouts.note(Event(time: 820, .regions(RegionsChange(division: fold))))

    let closed = layouts.record(file: "001.png", atMs: 500, width: 382, height: 620, caption: "")
    #expect(closed.pose == "closed")
    #expect(closed.fold == nil)
    let book = layouts.record(file: "002.png", atMs: 1220, width: 867, height: 611, caption: "")
    #expect(book.pose == "book")
    // The band the page is sent: 455.5–495.5 rounded outwards, the frame's whole height.
    #expect(book.fold == Rect(x: 455, y: 0, width: 41, height: 611))
    #expect(book.foldActive)
    // A frame the fold lies outside of (a transient size narrower than x 455) has no band.
    #expect(layouts.record(file: "003.png", atMs: 900, width: 413, height: 611, caption: "").fold == nil)
  }
}
