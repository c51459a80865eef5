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
    let asked = DispatchSemaphore(value: 0)
    let checked = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      StopRequest.set(true)
      seen.asked = StopRequest.isRequested
      #expect(StopRequest.signal == nil)  // the program's own stop names no signal
      asked.signal()
      checked.wait()  // the request stands while the other thread looks
      StopRequest.set(false)
      seen.afterClear = StopRequest.isRequested
      done.signal()
    }
    thread.start()
    asked.wait()
    #expect(!StopRequest.isRequested)  // this thread never asked, though the other has
    checked.signal()
    done.wait()
    #expect(seen.asked)  // the thread that asked sees it
    #expect(!seen.afterClear)

    StopRequest.set(true)
    #expect(StopRequest.isRequested)
    StopRequest.set(false)
    #expect(!StopRequest.isRequested)
  }
}
