import TestSupport
import Testing

@testable import EventStream
@testable import Reader
@testable import Simulator
@testable import Typesetter

/// One text-size vocabulary: `TextSize` names the size, the profile holds its numbers.
@Suite struct TextStyleTests {
  @Test("the profile's sizes are the iOS body sizes, with TextKit's spacing, at every size")
  func profileSizes() {
    let typography = TestSupport.profile().typography
    let styles = TextSize.allCases.map { typography.style(for: $0) }
    #expect(styles.map(\.pointSize) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
    #expect(styles.map(\.lineHeight) == [19, 20, 21, 22, 24, 27, 29, 34, 40, 48, 56, 62])
    #expect(
      typography.style(for: .large)
        == TextStyle(pointSize: 17, lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10, hyphenationFactor: 0.7))
  }

  @Test("size names parse case-insensitively; accessibility1…5 are AX1…AX5")
  func names() {
    #expect(TextSize(name: "Large") == .large)
    #expect(TextSize(name: "xxxlarge") == .xxxLarge)
    #expect(TextSize(name: "ax1") == .AX1)
    #expect(TextSize(name: "Accessibility3") == .AX3)
    #expect(TextSize(name: "accessibility6") == nil)
    #expect(TextSize(name: "huge") == nil)
  }
}
