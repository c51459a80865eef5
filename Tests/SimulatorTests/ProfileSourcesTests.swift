import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// Issue 14, part 1: every number has an honest source. A note is `KIND: reason` with one of
/// five kinds, or an object of notes, one per value; a value without one is refused, and the
/// location points at the note that is wrong (not the first note inside the object).
@Suite("Profile sources")
struct ProfileSourcesTests {
  static func refusal(replacing old: String, with new: String) -> InputError? {
    guard case .failure(let error) = ProfileMeaningTests.load(replacing: old, with: new) else { return nil }
    return error
  }

  @Test(
    "notes without a kind and a reason are refused where they are written",
    arguments: [
      // A kind alone: no reason (line 5 holds hinge.range).
      (
        #""range": { "min": 0, "max": 180, "source": "assumed: Apple"#,
        #""range": { "min": 0, "max": 180, "source": "apple-spec", "x": "assumed: Apple"#,
        #"hinge.range.source: expected a kind (measured, reference-code, apple-spec, design-kit, vendor-spec, external, derived or assumed), ':' and a reason"#,
        5
      ),
      // A kind that is not one of the eight.
      (
        #""settle": { "windowMs": 200, "source": "reference-code:"#,
        #""settle": { "windowMs": 200, "source": "guessed:"#, "settle.source: expected a kind", 111
      ),
      // The status's own note (line 12), not closedBelow's on line 7, which comes first.
      (
        #""source": "assumed: no dwell;"#, #""source": "assumed", "x": "no dwell;"#,
        "hinge.status.source: expected a kind",
        12
      ),
      // A note in a note object (line 105, transitions.open).
      (
        #""easing": "assumed: the intermediate"#, #""easing": "unsure: the intermediate"#,
        "transitions.open.source.easing: expected a kind", 105
      ),
    ])
  func refused(_ old: String, _ new: String, _ message: String, _ line: Int) throws {
    let error = try #require(Self.refusal(replacing: old, with: new), "accepted \(new)")
    #expect(error.message.hasPrefix(message), "\(error)")
    #expect(error.line == line, "\(error)")
    #expect(error.column > 0)
  }

  @Test("a number with no note around it, or missing from a note object, is refused")
  func uncovered() throws {
    let stray = try #require(
      Self.refusal(replacing: #""display": "outer","#, with: #""display": "outer", "zIndex": 1,"#))
    #expect(stray.message.hasPrefix("poses.closed.zIndex: expected a 'source' note"), "\(stray)")
    let missing = try #require(
      Self.refusal(
        replacing: #""easing": "assumed: the intermediate sizes were not recorded; ease-out is a guess""#,
        with: #""other": "assumed: x""#))
    #expect(missing.message.hasPrefix("transitions.open.source.other: expected a key of the object"), "\(missing)")
  }

  /// The issue's table: these values were labelled as measured or specified by Apple, but no
  /// source measured or specified them.
  @Test("iphone-duo labels what was measured as measured, and nothing else")
  func honestLabels() throws {
    let rows = try Profile.sources("iphone-duo", root: TestSupport.packageRoot)
    func kind(_ path: String) -> SourceKind? { rows.first { $0.path == path }?.kind }
    // Measured: seven sizes in 0.2 s on opening (the device study).
    #expect(kind("transitions.open.count") == .measured)
    #expect(kind("transitions.open.durationMs") == .measured)
    // Nobody recorded the intermediate sizes; Apple documents no range.
    #expect(kind("transitions.open.easing") == .assumed)
    #expect(kind("hinge.range.min") == .assumed && kind("hinge.range.max") == .assumed)
    // 160°/140° were logged on an Android foldable, not on the iPhone Duo.
    #expect(kind("hinge.status.fullyOpenAbove.opening") == .assumed)
    // Every measured value names the study that measured it (ProfileLabelTests walks them all).
    for row in rows where row.kind == .measured {
      #expect(row.reason.contains("(the device study)"), "\(row.path): \(row.reason)")
    }
    // Every number of the profile is in the table.
    #expect(rows.contains { $0.path == "typography.sizes.AX5.lineHeight" && $0.kind == .assumed })
    #expect(rows.contains { $0.path == "typography.sizes.large.lineHeight" && $0.kind == .appleSpec })
  }

  @Test("a note object's most specific key wins")
  func specificity() throws {
    let doc = try JSONValue.parse(
      Array(
        #"{"a": {"b": {"x": 1, "y": 2}, "c": {"x": 3}, "source": {"*.x": "assumed: any x", "b.x": "measured: b's x", "*": "derived: rest"}}}"#
          .utf8))
    let rows = try ProfileSources.values(of: doc)
    #expect(rows.map(\.path) == ["a.b.x", "a.b.y", "a.c.x"])
    #expect(rows.map(\.kind) == [.measured, .derived, .assumed])
  }

  @Test("divisionWhenFlat: frame-stays in iphone-duo, a value outside the two is refused")
  func divisionWhenFlat() throws {
    #expect(TestSupport.profile().divisionWhenFlat == .frameStays)
    let error = try #require(
      Self.refusal(
        replacing: ##""divisionWhenFlat": {\##n      "value": "frame-stays","##,
        with: ##""divisionWhenFlat": {\##n      "value": "thin","##))
    #expect(error.message == #"conflicts.divisionWhenFlat.value: expected frame-stays or zero-when-flat, found "thin""#)
    #expect(error.line > 0)
  }
}
