import EventStream

/// Why a source could not be opened or read: a file or data error, or a script that does not
/// compile (`CompiledScript.compile(reading:)` throws either; `SourceOpener` every source's).
public enum SourceError: Error, Sendable {
  /// A file or data error, located.
  case input(InputError)
  /// Every error of a script that does not compile.
  case script(ScriptErrors)
}
