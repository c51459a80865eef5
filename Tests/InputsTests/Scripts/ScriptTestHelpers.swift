@testable import EventStream
@testable import Inputs

/// Compiles a script and returns every event it generates.
func scriptEvents(_ text: String, options: CompiledScript.Options = .init()) throws -> [Event] {
  var source = try ScriptSource(text: text, file: "test.hinge", options: options)
  var events: [Event] = []
  while let event = source.nextEvent() { events.append(event) }
  return events
}

/// The messages (with locations) of a script that must not compile.
func scriptErrors(_ text: String, options: CompiledScript.Options = .init()) -> [String] {
  do {
    _ = try CompiledScript.compile(text, file: "bad.hinge", options: options)
    return []
  } catch {
    return error.errors.map(\.summary)
  }
}

/// The angles of the sample events.
func sampleAngles(_ events: [Event]) -> [Double] {
  events.compactMap { if case .sample(let a) = $0.kind { a } else { nil } }
}
