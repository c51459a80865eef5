import EventStream
import Simulator

extension PageGeometry {
  /// The pages a settled layout asks for, beside the library's sidebar as the navigation stage
  /// last set it: a sidebar shown in regular width takes `insets.sidebarWidth` from the
  /// reader's leading side, and a fold moves with the reader's origin (one it leaves behind is
  /// no longer the reader's). The reader model and `check --app` both ask here.
  public init(
    settled s: Settled, sidebar: SidebarMode, insets: Profile.PageInsets, direction: ReadingDirection = .ltr
  ) {
    let sidebarWidth = Library.sidebarWidth(sidebar, sizeClass: s.horizontalSizeClass, width: insets.sidebarWidth)
    var division = s.division
    if sidebarWidth > 0, direction == .ltr, var fold = division {
      fold.frame.x -= sidebarWidth
      division = fold.frame.maxX > 0 ? fold : nil
    }
    self.init(
      width: s.width - sidebarWidth, height: s.height, division: division, insets: insets, direction: direction,
      horizontalSizeClass: s.horizontalSizeClass, notesOpen: s.notesOpen)
  }
}
