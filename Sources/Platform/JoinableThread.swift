#if canImport(Glibc)
  import Glibc
#endif

/// An operating-system thread that runs one closure and is joined (`pthread_create`,
/// `pthread_join`): for parts of one job that wait on each other (the Typesetter's scanning and
/// shaping threads), or a server that must answer while the main thread waits on something else.
public struct JoinableThread: Sendable {
  private let thread: pthread_t

  /// Starts a thread running `body`; nil when the system refuses one (`pthread_create` fails).
  public static func start(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { argument in
        Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
        return nil
      }, box)
    guard status == 0 else {
      Unmanaged<Box>.fromOpaque(box).release()
      return nil
    }
    return JoinableThread(thread: thread)
  }

  /// Waits for the thread to end (`pthread_join`).
  public func join() { pthread_join(thread, nil) }

  private final class Box: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
