import Dispatch
import Platform

/// Runs independent parts of one job on threads (libdispatch's `concurrentPerform`) and waits
/// for all of them.
enum Parallel {
  /// Calls `body(i)` for every `i` in `0..<count`, concurrently when `count` > 1. Each call may
  /// write only what belongs to its `i`, and nothing any call reads may change while they run.
  static func run(_ count: Int, _ body: (Int) -> Void) {
    guard count > 1 else {
      if count == 1 { body(0) }
      return
    }
    withoutActuallyEscaping(body) { body in
      let job = Job(body: body)
      DispatchQueue.concurrentPerform(iterations: count) { job.body($0) }
    }
  }

  /// Calls `body(i)` for every `i` in `0..<count`, each on its own thread at the same time
  /// (`0` on the caller's), and waits for all of them: for parts that wait on each other, which
  /// `run` may call one after another on one thread. A part the system refuses a thread for is
  /// called on the caller's thread after `body(0)` returns.
  static func runTogether(_ count: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      let job = Job(body: body)
      var threads: [JoinableThread] = []
      var refused: [Int] = []
      for i in 1..<max(1, count) {
        if let thread = JoinableThread.start({ job.body(i) }) {
          threads.append(thread)
        } else {
          refused.append(i)
        }
      }
      job.body(0)
      for i in refused { job.body(i) }
      for thread in threads { thread.join() }
    }
  }

  /// The body, handed to the threads: its parts are independent by `run`'s contract.
  private struct Job: @unchecked Sendable {
    let body: (Int) -> Void
  }
}
