import EventStream

/// The events that arrived while a command waited for its answer, first in, first out, and
/// bounded: at most `countLimit` events and `byteLimit` bytes of their messages. Taking from the
/// front does not move the rest (a flood of a million events is read in linear time).
///
/// When it is full, an event is dropped and counted, except the page's reports
/// (`Runtime.bindingCalled`: its app log), which make `append` fail instead — a page or browser
/// flooding them cannot be read faithfully.
public struct CDPEventQueue: Sendable {
  /// One event: its method, parameters and session.
  public typealias Event = (method: String, params: JSONValue, sessionId: String?)

  /// The most events held.
  public static let countLimit = 100_000
  /// The most bytes of their messages held (the parsed events take a few times that).
  public static let byteLimit = 16 << 20

  private var items: [(event: Event, bytes: Int)?] = []
  private var head = 0
  /// Bytes of the messages held.
  public private(set) var bytes = 0
  /// Events dropped because the queue was full.
  public private(set) var dropped = 0

  /// This queue's bound on bytes (`byteLimit` unless a test asks for less).
  public let bytesKept: Int

  /// Makes an empty queue that holds at most `bytesKept` bytes of messages.
  public init(bytesKept: Int = byteLimit) { self.bytesKept = min(bytesKept, Self.byteLimit) }

  /// Events held.
  public var count: Int { items.count - head - holes }
  private var holes = 0

  /// True when no event is held.
  public var isEmpty: Bool { count == 0 }

  /// Adds an event whose message was `size` bytes: true when kept, false when dropped; an error
  /// when a report does not fit.
  @discardableResult
  public mutating func append(_ event: Event, bytes size: Int) throws(BrowserError) -> Bool {
    guard count < Self.countLimit, bytes + size <= bytesKept else {
      if event.method == "Runtime.bindingCalled" {
        throw .malformed(
          "more than \(Self.countLimit) events or \(bytesKept >> 10) KiB of them arrived unread, page reports "
            + "among them (a flood): stopped rather than drop a report")
      }
      dropped += 1
      return false
    }
    items.append((event, size))
    bytes += size
    return true
  }

  /// The oldest event, removed.
  public mutating func removeFirst() -> Event? {
    while head < items.count {
      let item = items[head]
      items[head] = nil
      head += 1
      if let item {
        bytes -= item.bytes
        compact()
        return item.event
      }
      holes -= 1
    }
    compact()
    return nil
  }

  /// The oldest event that matches, removed (the others keep their order).
  public mutating func removeFirst(where matches: (Event) -> Bool) -> Event? {
    for index in head..<items.count {
      guard let item = items[index], matches(item.event) else { continue }
      if index == head { return removeFirst() }
      items[index] = nil
      holes += 1
      bytes -= item.bytes
      return item.event
    }
    return nil
  }

  /// Drops the taken front once it is most of the storage.
  private mutating func compact() {
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
      holes = 0
    } else if head > 1024, head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
  }
}
