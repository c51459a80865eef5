import EventStream
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Runs jobs on up to `jobs` threads and returns their results in job order, so the
/// aggregate does not depend on the number of threads or on which job finished first.
enum BatchRunner {
  /// The number of online cores (at least 1).
  static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// Runs `work(index)` for every index in `0..<count` on `jobs` threads; `done(finished)` is
  /// called under a lock after each job (for a progress line).
  static func run<T>(
    count: Int, jobs: Int, work: (Int) -> T, done: (Int) -> Void = { _ in }
  ) -> [T] {
    let state = BatchState<T>(count: count)
    let workers = max(1, min(jobs, count))
    if workers == 1 {
      for index in 0..<count {
        let result = work(index)
        state.store(result, at: index, done: done)
      }
    } else {
      withoutActuallyEscaping(work) { work in
        withoutActuallyEscaping(done) { done in
          let box = UncheckedBox((work, done))
          DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let (work, done) = box.value
            while let index = state.claim() {
              state.store(work(index), at: index, done: done)
            }
          }
        }
      }
    }
    return state.results()
  }
}

/// Lets non-Sendable closures cross into `concurrentPerform`; the runner guarantees each job's
/// work touches only its own state and `done` runs under the lock.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// The job counter and result slots, behind a mutex.
private final class BatchState<T>: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  private var nextIndex = 0
  private var finished = 0
  private var slots: [T?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
    pthread_mutex_init(&mutex, nil)
  }

  deinit { pthread_mutex_destroy(&mutex) }

  func claim() -> Int? {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    guard nextIndex < slots.count else { return nil }
    defer { nextIndex += 1 }
    return nextIndex
  }

  func store(_ value: T, at index: Int, done: (Int) -> Void) {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    slots[index] = value
    finished += 1
    done(finished)
  }

  func results() -> [T] {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return slots.map { $0! }
  }
}
