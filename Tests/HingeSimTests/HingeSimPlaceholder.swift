import Testing
@testable import HingeSim

@Suite struct HingeSimPlaceholder {
  @Test func builds() { #expect(Bool(true)) }
}
