import Testing
@testable import Typesetter

@Suite struct TypesetterPlaceholder {
  @Test func builds() { #expect(Bool(true)) }
}
