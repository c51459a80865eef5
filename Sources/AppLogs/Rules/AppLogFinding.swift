import EventStream

/// A rule an app broke (`AppLogAlignment.findings`).
public struct AppLogFinding: Sendable, Equatable {
  /// The rule's name (`AppInvariants.rules` or `ReaderInvariants`').
  public var rule: String
  /// What was wrong.
  public var message: String
  /// The app event's line in the log.
  public var line: Int
  /// Its time on the script's clock, ms.
  public var time: Double
  /// The simulator's state then (pose, settled size).
  public var state: String
  /// The stream event type that led there (`settled`, `turn`, `goto`, `shown`).
  public var cause: EventType
  /// The time of that event, ms.
  public var causeTime: Double
}
