/// Compares the C functions a module looked up at run time (`LibraryFunctions` tables) with the
/// ones the test binary links: `check` compiles only when the table entry's type is the type the
/// library's header declares, and records the entries that are another function.
///
/// ```swift
/// var wrong = LinkedFunctions()
/// wrong.check("hb_shape", HarfBuzz.loaded.shape, hb_shape)
/// #expect(wrong.names == [])
/// ```
public struct LinkedFunctions {
  /// The names of the entries that are not the linked function.
  public private(set) var names: [String] = []

  public init() {}

  /// Records `name` unless `entry` and `linked` are the same function.
  public mutating func check<F>(_ name: String, _ entry: F, _ linked: F) {
    if unsafeBitCast(entry, to: UnsafeRawPointer.self) != unsafeBitCast(linked, to: UnsafeRawPointer.self) {
      names.append(name)
    }
  }
}
