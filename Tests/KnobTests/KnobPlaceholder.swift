import Testing
@testable import Knob

@Suite struct KnobPlaceholder {
  @Test func builds() { #expect(Bool(true)) }
}
