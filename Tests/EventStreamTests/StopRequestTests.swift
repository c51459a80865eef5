import Foundation
import Platform
import Testing

/// The program's own stop (a `--duration` reached, a closed output) ends the run loop of its
/// thread only: runs on other threads of the process — batch workers, in-process tests — go
/// on. (A signal stops them all; that is `SignalTests`, in child processes.)
@Suite(.serialized) struct StopRequestTests {
  /// What the other thread saw; written before the semaphore is signalled, read after.
  final class Seen: @unchecked Sendable {
    var asked = false
    var afterClear = true
  }

  @Test func aStopAskedForOnOneThreadLeavesTheOthersRunning() {
    StopRequest.set(false)
    let seen = Seen()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      StopRequest.set(true)
      seen.asked = StopRequest.isRequested
      #expect(StopRequest.signal == nil)  // the program's own stop names no signal
      StopRequest.set(false)
      seen.afterClear = StopRequest.isRequested
      done.signal()
    }
    thread.start()
    done.wait()
    #expect(seen.asked)  // the thread that asked sees it
    #expect(!seen.afterClear)
    #expect(!StopRequest.isRequested)  // this one never asked

    StopRequest.set(true)
    #expect(StopRequest.isRequested)
    StopRequest.set(false)
    #expect(!StopRequest.isRequested)
  }
}
