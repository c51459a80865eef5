import TestSupport
import Testing

@testable import Simulator

/// The labels of the values issue 14 added: nothing on the tablet or the Pixel Fold's device
/// model is `measured` (nobody measured them); the Duo's size classes and insets are the
/// guide's (`apple-spec`) except Split View's (`assumed`); the rule's values say so.
@Suite("Device value sources")
struct DeviceSourcesTests {
  func rows(_ name: String) throws -> [SourcedValue] {
    try ProfileSources.values(of: try Profile.document(name, root: TestSupport.packageRoot))
  }

  @Test("no device value of the tablet or the Pixel Fold is labelled measured", arguments: ["tablet", "pixel-fold"])
  func notMeasured(_ name: String) throws {
    let device = try rows(name).filter {
      ["hinge.", "displays.", "navigationBar.", "poses.", "transitions."].contains(where: $0.path.hasPrefix)
    }
    #expect(device.count > 20)
    #expect(device.filter { $0.kind == .measured }.map(\.path) == [])
  }

  @Test("the Pixel Fold's panel pixels are vendor-spec, its points assumed")
  func pixelFold() throws {
    let kinds = Dictionary(try rows("pixel-fold").map { ($0.path, $0.kind) }, uniquingKeysWith: { a, _ in a })
    #expect(kinds["displays.inner.pixelWidth"] == .vendorSpec && kinds["displays.outer.pixelHeight"] == .vendorSpec)
    #expect(kinds["displays.inner.width"] == .assumed)
  }

  @Test("the Duo's size classes and insets: apple-spec from the guide, Split View assumed")
  func duo() throws {
    let traits = try rows("iphone-duo").filter { $0.path.contains(".sizeClass.") || $0.path.contains(".safeArea.") }
    #expect(traits.count == 8 * 6)  // 8 poses × (2 classes + 4 insets)
    for row in traits {
      #expect(row.kind == (row.path.contains("splitView") ? .assumed : .appleSpec), "\(row.path)")
    }
  }
}
