import Glibc
import Synchronization

/// The distinct segments the scan finds, handed to the shaping threads while the scan goes on:
/// the scan appends a job per new distinct segment, and a thread may shape a chunk of
/// `chunkSize` jobs as soon as the scan has published it (or finished short of it). Jobs are
/// kept in fixed blocks that never move, so readers need no lock: the scan publishes the count
/// of written jobs with a release store, and readers load it with acquire.
final class ShapingFeed: @unchecked Sendable {
  /// A distinct segment to shape: where its first occurrence is, its length and its body's, its
  /// direction, and whether its body glyphs are kept (`SegmentMeasurer.widths`).
  struct Job {
    var start: Int32
    var length: Int32
    var bodyLength: Int32
    var direction: ShapingDirection
    var record: Bool
  }

  /// Jobs per chunk (and per block). A chunk takes a thread about 2.5 M instructions (Inter,
  /// about 39,000 a segment): small enough that the threads end within a fraction of a
  /// millisecond of each other. With 512 the sample chapter's 2,600 distinct segments made six
  /// chunks of about 20 M, and one thread often waited for the other's last chunk, idle.
  static let chunkSize = 64

  private let blocks: UnsafeMutablePointer<UnsafeMutablePointer<Job>?>
  private let blockCapacity: Int
  /// Jobs written so far (the scan's own count).
  private(set) var count = 0
  private let published = Atomic<Int>(0)
  /// The total once the scan is done, -1 before.
  private let total = Atomic<Int>(-1)
  private let claimed = Atomic<Int>(0)

  /// The most chunks the feed can hold.
  var maximumChunks: Int { blockCapacity }

  /// A feed for at most `capacity` jobs.
  init(capacity: Int) {
    blockCapacity = capacity / Self.chunkSize + 1
    blocks = .allocate(capacity: blockCapacity)
    blocks.initialize(repeating: nil, count: blockCapacity)
  }

  deinit {
    for b in 0..<blockCapacity { blocks[b]?.deallocate() }
    blocks.deallocate()
  }

  /// Appends a job (the scan's thread only); each full chunk is published.
  func append(_ job: Job) {
    let block = count / Self.chunkSize
    if blocks[block] == nil { blocks[block] = .allocate(capacity: Self.chunkSize) }
    (blocks[block]! + count % Self.chunkSize).initialize(to: job)
    count += 1
    if count % Self.chunkSize == 0 { published.store(count, ordering: .releasing) }
  }

  /// Publishes the last jobs: the scan is done.
  func finish() {
    published.store(count, ordering: .releasing)
    total.store(count, ordering: .releasing)
  }

  /// The job at `index` (published).
  func job(_ index: Int) -> Job {
    blocks[index / Self.chunkSize]![index % Self.chunkSize]
  }

  /// Claims the next chunk no thread has claimed and waits until the scan has published it:
  /// its job range, or nil when the scan finished before it. The wait yields the processor, then
  /// sleeps 0.1 ms at a time (a chunk takes milliseconds to shape), so a waiting thread does not
  /// take a busy machine's time from the scan.
  func nextChunk() -> Range<Int>? {
    let chunk = claimed.wrappingAdd(1, ordering: .relaxed).oldValue
    let start = chunk * Self.chunkSize
    var polls = 0
    while true {
      if published.load(ordering: .acquiring) >= start + Self.chunkSize {
        return start..<(start + Self.chunkSize)
      }
      let total = total.load(ordering: .acquiring)
      if total >= 0 { return start < total ? start..<total : nil }
      polls += 1
      if polls < 64 { sched_yield() } else { usleep(100) }
    }
  }
}
