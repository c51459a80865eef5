import EventStream
import Synchronization

/// The content hash of what a source's reader read, for inputs that cannot be read twice
/// (stdin, a pipe): every byte is hashed as it is read, and the hash counts only once the input
/// was read to its end — a run cut short by `--to` or `--max-events` leaves it unknown.
///
/// ```swift
/// var settings = SourceSettings(); settings.digest = ReadDigest()
/// // … open and run the source …
/// settings.digest?.completeHash     // "85944171f73967e8", or nil when not read to the end
/// ```
public final class ReadDigest: Sendable {
  private struct State {
    var hash = ContentHash()
    var ended = false
  }

  private let state = Mutex(State())

  /// A digest of nothing read yet.
  public init() {}

  /// Starts again (a new input).
  public func reset() { state.withLock { $0 = State() } }

  /// Hashes bytes just read.
  public func add(_ bytes: UnsafeRawBufferPointer) { state.withLock { $0.hash.add(bytes) } }

  /// Records that the input ended (a read returned 0 bytes).
  public func markEnd() { state.withLock { $0.ended = true } }

  /// The hash of everything read, when the input was read to its end; else nil.
  public var completeHash: String? {
    state.withLock { $0.ended ? $0.hash.hex : nil }
  }
}
