import Dispatch

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

  /// The body, handed to the threads: its parts are independent by `run`'s contract.
  private struct Job: @unchecked Sendable {
    let body: (Int) -> Void
  }
}
