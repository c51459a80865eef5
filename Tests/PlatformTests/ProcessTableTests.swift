import Platform
import Testing

/// `ProcessTable` finds a process by a text in its command line while it runs, and not after.
struct ProcessTableTests {
  @Test func aRunningProcessIsFoundByItsArgumentAndNotOnceItEnds() throws {
    let marker = "hingesim-process-table-\(MonotonicClock.nowMs())"
    let child = try ChildProcess.spawn(["sh", "-c", "sleep 30; : " + marker], descriptors: [:]).get()
    let deadline = MonotonicClock.nowMs() + 5000
    var found: [Int32] = []
    while found.isEmpty, MonotonicClock.nowMs() < deadline {
      found = ProcessTable.pids(withArgumentContaining: marker)
    }
    // The shell, and for a moment its forked child before that becomes `sleep`.
    #expect(found.contains(child.pid), "\(found) \(child.pid)")
    ProcessTable.kill(child.pid)
    _ = child.terminate(graceMs: 2000)
    var left = ProcessTable.pids(withArgumentContaining: marker)
    while !left.isEmpty, MonotonicClock.nowMs() < deadline + 5000 {
      left = ProcessTable.pids(withArgumentContaining: marker)
    }
    #expect(left.isEmpty, "\(left)")
    #expect(ProcessTable.pids(withArgumentContaining: "").isEmpty)
  }
}
