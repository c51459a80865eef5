import EventStream
import Simulator

extension PageGeometry {
  /// Every page size the profile's poses and Split View give, with their folds active or not,
  /// each once, narrowest first.
  static func pageSizes(of profile: Profile) -> [(width: Double, height: Double)] {
    var sizes: [(Double, Double)] = []
    let geometries = Array(profile.poses.values) + Array(profile.splitView.values)
    for pose in geometries {
      let division = pose.division.map { Division(frame: $0, isActive: true) }
      for d in [division, division.map { Division(frame: $0.frame, isActive: false) }] {
        let g = PageGeometry(
          width: pose.width, height: pose.height, division: d, insets: profile.pages,
          horizontalSizeClass: pose.horizontalSizeClass)
        if !sizes.contains(where: { $0 == (g.pageWidth, g.pageHeight) }) { sizes.append((g.pageWidth, g.pageHeight)) }
      }
    }
    return sizes.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
  }
}
