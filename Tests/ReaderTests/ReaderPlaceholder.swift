import Testing
@testable import Reader

@Suite struct ReaderPlaceholder {
  @Test func builds() { #expect(Bool(true)) }
}
