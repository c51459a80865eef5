import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// What loading a profile refuses before it reads meaning: a `base` that is not a bundled
/// profile's name, keys twice in an object, keys no profile has (too long, control
/// characters) — each exit 65 at the line and column where it is written, with what was found
/// escaped and cut — and the cost of a profile that grows.
@Suite("Profile loading limits")
struct ProfileLoadingLimitTests {
  typealias M = ProfileMeaningTests

  static func error(_ old: String, _ new: String) -> InputError? {
    guard case .failure(let error) = M.load(replacing: old, with: new) else { return nil }
    return error
  }

  /// The issue's case: a 3,000-character base was opened as a file (exit 74, "File name too
  /// long"), and `../../../../etc/hostname` was joined into the path.
  @Test(
    "base: only a bundled profile's name, else exit 65 at the key listing the profiles",
    arguments: [
      "3,000 characters", "../../../../etc/hostname", "/etc/hostname", "no-such-profile", ".hidden", "escapes",
    ])
  func baseOnlyAmongProfiles(_ label: String) throws {
    let base =
      label == "3,000 characters"
      ? String(repeating: "b", count: 3_000) : label == "escapes" ? "tablet\u{1B}]0;pwned\u{7}" : label
    let json = String(
      decoding: try JSONSerialization.data(withJSONObject: base, options: .fragmentsAllowed), as: UTF8.self)
    let error = try #require(Self.error(#""name": "iphone-duo","#, #""name": "iphone-duo", "base": \#(json),"#))
    #expect(error.kind == .badData)
    #expect(error.line == 2 && error.column == 25, "\(error)")
    // The bundled profiles are listed (in name order), whatever else profiles/ holds later.
    #expect(error.message.hasPrefix("base: expected the name of a profile in profiles/ ("), "\(error)")
    #expect(error.message.contains("iphone-duo, none, pixel-fold, tablet)"), "\(error)")
    #expect(error.description.count < 400)
    #expect(!error.description.unicodeScalars.contains { InputText.isControl($0) })
  }

  @Test("a base that is a bundled profile is merged: the file's own keys win")
  func baseMerged() throws {
    guard
      case .success(let profile) = M.load(
        replacing: #""name": "iphone-duo","#, with: #""name": "duo-on-tablet", "base": "tablet","#)
    else {
      Issue.record("the profile with a bundled base did not load")
      return
    }
    #expect(profile.name == "duo-on-tablet")
  }

  @Test("a key twice in one object: exit 65 at the second, not the first silently winning")
  func duplicateKey() throws {
    let error = try #require(Self.error(#""name": "iphone-duo","#, #""name": "iphone-duo", "name": "other","#))
    #expect(error.line == 2 && error.column == 25, "\(error)")
    #expect(error.message == #"expected each key once in an object, found "name" a second time"#)
  }

  /// The issue's case: a 6 KB key holding ESC ] 0 ; … BEL was printed whole, twice, retitling
  /// the terminal.
  @Test("a key of 6,000 characters with a terminal escape: exit 65, escaped and cut to 40 characters")
  func hostileKey() throws {
    let key = "\u{1B}]0;pwned\u{7}" + String(repeating: "k", count: 6_000)
    let escaped = String(
      decoding: try JSONSerialization.data(withJSONObject: key, options: .fragmentsAllowed), as: UTF8.self)
    let error = try #require(Self.error(#""name": "iphone-duo","#, #""name": "iphone-duo", \#(escaped): 1,"#))
    #expect(error.line == 2 && error.column == 25, "\(error)")
    #expect(
      error.message.hasPrefix(
        #"expected a key of at most 128 characters without control characters, found "\u{1B}]0;pwned\u{7}kkk"#))
    #expect(error.message.hasSuffix(#"… (5,971 more)""#), "\(error.message)")
    #expect(!error.description.unicodeScalars.contains { InputText.isControl($0) })
  }

  @Test("a string value with control characters in a message: escaped and cut")
  func hostileValue() throws {
    let value = #"\u001b[31m"# + String(repeating: "e", count: 1_000)
    let error = try #require(Self.error(#""easing": "ease-out""#, #""easing": "\#(value)""#))
    #expect(error.message.contains(#"found "\u{1B}[31meeee"#), "\(error.message)")
    #expect(error.message.hasSuffix("more)\""), "\(error.message)")
    #expect(error.description.count < 300)
  }

  /// A `source` object of `n` notes over `n` numbers: each note's key was looked for among the
  /// object's keys, and each number's note among all the notes (n² both).
  @Test("a profile with ×4 sourced keys costs at most ×6 to load")
  func sourcedKeysScale() {
    let growth = Scaling.measure(
      base: 3_000,
      prepare: { n -> String in
        let values = (0..<n).map { "\"k\($0)\": \($0)" }
        let notes = (0..<n).map { "\"k\($0)\": \"assumed: value \($0)\"" }
        let extra =
          n == 0
          ? ""
          : #""extra": { "#
            + (values + [#""source": { "# + notes.joined(separator: ", ") + " }"]).joined(separator: ", ") + " },"
        let text = M.bundled.replacingOccurrences(
          of: #""name": "iphone-duo","#, with: #""name": "iphone-duo", "# + extra)
        return TestSupport.temporaryFile(text, suffix: ".json")
      },
      { path in
        do {
          _ = try Profile.load(path, root: TestSupport.packageRoot, limit: ReadLimit(kind: .profile, bytes: 1 << 30))
        } catch {
          Issue.record("\(error)")
        }
      })
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
  }

  @Test("more than 64 notes with '*' in one source object: exit 65 (each value is matched against them)")
  func starredNotes() throws {
    let notes = (0..<65).map { "\"*.k\($0)\": \"assumed: x\"" }.joined(separator: ", ")
    let error = try #require(
      Self.error(#""name": "iphone-duo","#, #""name": "iphone-duo", "extra": { "a": 1, "source": { "# + notes + " } },")
    )
    #expect(error.message.hasSuffix("expected at most 64 notes with '*' in one source object, found more"), "\(error)")
  }
}
