import Glibc

/// An operating-system thread that runs one closure and is joined (`pthread_create`,
/// `pthread_join`).
struct POSIXThread {
  private let thread: pthread_t

  /// Starts a thread running `body`; nil when the system refuses one (`pthread_create` fails).
  static func start(_ body: @escaping () -> Void) -> POSIXThread? {
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
    return POSIXThread(thread: thread)
  }

  /// Waits for the thread to end (`pthread_join`).
  func join() {
    pthread_join(thread, nil)
  }

  private final class Box {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }
}
