import Dispatch
import EventStream
import Platform
import Synchronization

/// Runs jobs on up to `jobs` threads and returns their results in job order, so the
/// aggregate does not depend on the number of threads or on which job finished first.
enum BatchRunner {
  /// The number of online cores (at least 1).
  static var cores: Int { max(1, Process.onlineCores) }

  /// Runs `work(index)` for every index in `0..<count` on `jobs` threads; `done(finished)` is
  /// called under a lock after each job (for a progress line).
  static func run<T: Sendable>(
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
private final class BatchState<T: Sendable>: Sendable {
  private struct Slots: ~Copyable {
    var next = 0
    var results: [T?]
  }

  private let slots: Mutex<Slots>
  /// Jobs finished so far; `done` runs under this lock, so progress lines never interleave.
  private let finished = Mutex(0)

  init(count: Int) { slots = Mutex(Slots(results: Array(repeating: nil, count: count))) }

  func claim() -> Int? {
    slots.withLock { s in
      guard s.next < s.results.count else { return nil }
      defer { s.next += 1 }
      return s.next
    }
  }

  func store(_ value: T, at index: Int, done: (Int) -> Void) {
    slots.withLock { s in s.results[index] = value }
    finished.withLock { n in
      n += 1
      done(n)
    }
  }

  func results() -> [T] {
    slots.withLock { s in s.results.map { $0! } }
  }
}
