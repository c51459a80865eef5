import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// Issue 28, part 1: every label defensible line by line. `measured` is kept for what the
/// device study measured on the iPhone Duo and says so; the reference reader's code settings
/// are `reference-code`; documents outside the study are `external` and named; a `derived`
/// value carries its formula; and the device model's numbers that lived in code (the sidebar,
/// the PDF redraw, the narrowest page) are in every profile with a source.
@Suite("Profile labels")
struct ProfileLabelTests {
  static let names = Profile.available(root: TestSupport.packageRoot)

  static func rows(_ name: String) throws -> [SourcedValue] {
    try Profile.sources(name, root: TestSupport.packageRoot)
  }

  @Test("the bundled profiles are the five the docs describe")
  func bundled() {
    #expect(Self.names == ["galaxy-z-flip", "iphone-duo", "none", "pixel-fold", "tablet"])
  }

  /// Walks every value of every profile, as `profiles --sources` prints it.
  @Test("every value of every profile: measured only with the device study, derived with a formula", arguments: names)
  func everyValue(_ name: String) throws {
    let rows = try Self.rows(name)
    #expect(rows.count > 40)
    for row in rows {
      switch row.kind {
      case .measured:
        // The study measured the iPhone Duo; a value borrowed from it is assumed elsewhere.
        #expect(name == "iphone-duo", "\(name) \(row.path) is measured: a borrowed measurement is assumed")
        #expect(row.reason.contains("(the device study)"), "\(name) \(row.path): \(row.reason)")
      case .derived:
        #expect(
          row.reason.contains("=") || row.reason.contains("→"), "\(name) \(row.path) has no formula: \(row.reason)")
      case .referenceCode:
        #expect(row.reason.contains("the reference reader"), "\(name) \(row.path): \(row.reason)")
      case .external:
        let documents = ["react-native-reserved-regions", "capsize", "duo_kit", "FloorplanB", "HeliBoard"]
        #expect(documents.contains { row.reason.contains($0) }, "\(name) \(row.path) names no document: \(row.reason)")
      default:
        break
      }
      #expect(!row.reason.contains("duo-reading guide)") || row.kind != .measured, "\(row.path)")
    }
  }

  /// The audit's 16 wrong `measured` labels, each with the kind it now has.
  @Test("the audit's sixteen: code settings, documents outside the study, the derivable fold")
  func auditedLabels() throws {
    let rows = try Self.rows("iphone-duo")
    func kind(_ path: String) -> SourceKind? { rows.first { $0.path == path }?.kind }
    func reason(_ path: String) -> String { rows.first { $0.path == path }?.reason ?? "" }
    for path in [
      "settle.windowMs", "typography.lineSpacing", "typography.paragraphSpacing", "typography.hyphenationFactor",
      "typography.lineFragmentPadding",
    ] {
      #expect(kind(path) == .referenceCode, "\(path)")
    }
    for path in [
      "displays.outer.width", "displays.outer.height", "displays.inner.width", "displays.inner.height",
      "typography.calibration.unitsPerEm", "typography.calibration.ascender", "typography.calibration.lineGap",
    ] {
      #expect(kind(path) == .external, "\(path)")
    }
    // The template values the dual-pane guide gives are still to be confirmed in the simulator.
    #expect(reason("displays.inner.width").contains("still to be confirmed"))
    for path in [
      "poses.openWide.division.width", "poses.book.division.width", "poses.openTall.division.height",
      "poses.tabletop.division.height",
    ] {
      #expect(kind(path) == .derived, "\(path)")
      #expect(reason(path).contains("2 × (475.5 − 455.5) = 40"), "\(path): \(reason(path))")
    }
    // The reverse: values the guide names Apple for were "without a source".
    for path in [
      "displays.inner.pixelWidth", "displays.inner.pixelHeight", "displays.inner.ppi", "displays.outer.ppi",
      "displays.layoutMargin.value",
    ] {
      #expect(kind(path) == .appleSpec, "\(path)")
    }
    #expect(reason("poses.splitViewLeft.reader.width").contains("Apple's as the dual-pane guide gives it"))
    // The same fold y and height have the same label held wide and in book.
    for key in ["y", "height"] {
      #expect(kind("poses.openWide.division.\(key)") == kind("poses.book.division.\(key)"), "\(key)")
    }
    // What the study did measure stays measured.
    for path in [
      "poses.closed.reader.height", "poses.openWide.division.x", "poses.tabletop.reader.height",
      "transitions.open.count", "transitions.open.durationMs",
    ] {
      #expect(kind(path) == .measured, "\(path)")
    }
  }

  /// The numbers that were constants in code, now in every profile with a source.
  @Test("sidebar, PDF redraw and narrowest page are profile values in every profile", arguments: names)
  func movedOutOfCode(_ name: String) throws {
    let rows = try Self.rows(name)
    let kinds = Dictionary(rows.map { ($0.path, ($0.value, $0.kind)) }, uniquingKeysWith: { a, _ in a })
    // The flip phone borrows the kit's value and says so: every value there is vendor-spec or assumed.
    let sidebarKind: SourceKind = name == "galaxy-z-flip" ? .assumed : .designKit
    #expect(kinds["pages.sidebarWidth"]?.0 == "280" && kinds["pages.sidebarWidth"]?.1 == sidebarKind)
    #expect(kinds["pages.minimumWidth"]?.0 == "20" && kinds["pages.minimumWidth"]?.1 == .assumed)
    #expect(kinds["displays.frameMs.value"]?.0 == "16.667" && kinds["displays.frameMs.value"]?.1 == .assumed)
    let profile = try Profile.load(name, root: TestSupport.packageRoot)
    #expect(profile.pages.sidebarWidth == 280 && profile.pages.minimumWidth == 20 && profile.displayFrameMs == 16.667)
  }

  @Test("a measured note elsewhere than the device study, or a value a note misses, is caught")
  func catches() throws {
    // The walk above would flag this row: measured, but from a document outside the study.
    let doc = try JSONValue.parse(
      Array(#"{"a": {"x": 1, "source": "measured: capsize read it from the font file"}}"#.utf8))
    let row = try #require(try ProfileSources.values(of: doc).first)
    #expect(row.kind == .measured && !row.reason.contains("(the device study)"))
    // The new kinds parse; a missing reason does not.
    #expect(try ProfileSources.parse("reference-code: the code", at: "p").0 == .referenceCode)
    #expect(try ProfileSources.parse("external: a doc", at: "p").0 == .external)
    #expect(throws: ProfileError.self) { try ProfileSources.parse("external", at: "p") }
  }
}
