import Testing

@testable import HingeSimCLI

@Suite struct HingeSimCLIPlaceholder {
  @Test func builds() { #expect(Bool(true)) }
}
