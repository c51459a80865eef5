import Reader
import TestSupport
import Testing

@testable import EventStream

@Suite("Page geometry")
struct PageGeometryTests {
  let profile = TestSupport.profile()

  func geometry(_ pose: Pose, active: Bool) -> PageGeometry {
    let g = profile.poses[pose]!
    return PageGeometry(
      width: g.width, height: g.height, division: g.division.map { Division(frame: $0, isActive: active) },
      insets: profile.pages)
  }

  @Test("closed: one 342-pt page (measured)")
  func closed() {
    let g = geometry(.closed, active: false)
    #expect(g.layout == .single)
    #expect(g.pageWidth == 342 && g.pageHeight == 580)
    #expect(g.notes == .sheet)
  }

  @Test("open wide and book: a spread of two 331.5-pt pages split at the fold (measured)")
  func spread() {
    for active in [false, true] {
      let g = geometry(active ? .book : .openWide, active: active)
      #expect(g.layout == .spread)
      #expect(g.pageWidth == 331.5 && g.pageHeight == 571)
      #expect(
        g.frames == [Rect(x: 104, y: 20, width: 331.5, height: 571), Rect(x: 515.5, y: 20, width: 331.5, height: 571)])
      #expect(g.notes == .trailing)
      #expect(g.frames.allSatisfy { !$0.intersects(Rect(x: 455.5, y: 0, width: 40, height: 611)) })
    }
    #expect(geometry(.book, active: true).pageWidth == geometry(.openWide, active: false).pageWidth)
  }

  @Test("tabletop: one page above the active fold, page turns below")
  func tabletop() {
    let g = geometry(.tabletop, active: true)
    #expect(g.layout == .tabletop)
    #expect(g.frames == [Rect(x: 20, y: 20, width: 629, height: 299.5)])
    #expect(g.turnControls == Rect(x: 0, y: 379.5, width: 669, height: 455.5))
    #expect(g.notes == .sheet)
  }

  @Test("open tall: one tall page; the flat horizontal fold is not a split")
  func openTall() {
    let g = geometry(.openTall, active: false)
    #expect(g.layout == .single)
    #expect(g.pageWidth == 629 && g.pageHeight == 747)
    #expect(g.keepOutFrames.isEmpty)
  }
}

@Suite("Reader document set-up")
struct ReaderDocumentTests {
  @Test("fonts and hyphenation patterns the profile names must load")
  func missingFiles() {
    var profile = TestSupport.profile()
    profile.typography.hyphenationDictionary = "/nonexistent.dic"
    #expect(throws: ReaderError.self) { try ReaderDocument(text: "text", profile: profile) }
    profile = TestSupport.profile()
    profile.typography.fontFile = "/nonexistent.otf"
    #expect(throws: ReaderError.self) { try ReaderDocument(text: "text", profile: profile) }
  }
}
