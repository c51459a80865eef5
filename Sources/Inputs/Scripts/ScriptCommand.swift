import EventStream

/// One command of a `.hinge` script, with where it was written.
///
/// The parser turns lines into these; `ScriptCompiler` checks them against a profile and
/// `ScriptSource` plays them as events. Angles are degrees, durations milliseconds.
public struct ScriptCommand: Sendable, Equatable {
  /// What the command does.
  public var kind: Kind
  /// 1-based line of the command's first word.
  public var line: Int
  /// 1-based column (in characters) of the command's first word.
  public var column: Int

  /// Makes a command.
  public init(_ kind: Kind, line: Int, column: Int) {
    self.kind = kind
    self.line = line
    self.column = column
  }

  /// The commands of the language.
  public enum Kind: Sendable, Equatable {
    /// `start <pose-or-angle> [orientation]`: the initial angle and orientation at t = 0.
    case start(StartPosition, orientation: Orientation?)
    /// `angle A`: the hinge jumps to `A` (one sample, no time passes).
    case angle(Double)
    /// `open to A over D [easing]`: a ramp up to `A`.
    case open(to: Double, durationMs: Double, easing: Easing)
    /// `fold to A over D [easing]`: a ramp down to `A`.
    case fold(to: Double, durationMs: Double, easing: Easing)
    /// `close over D [easing]`: a ramp down to 0.
    case close(durationMs: Double, easing: Easing)
    /// `wait D`: time passes; the sensor is silent (it reports on change).
    case wait(durationMs: Double)
    /// `hold D`: time passes; the sensor keeps reporting the current angle at `rate`.
    case hold(durationMs: Double)
    /// `rotate <orientation>`.
    case rotate(Orientation)
    /// `text-size <category>`.
    case textSize(TextSize)
    /// `turn next|prev [voiceover]`: a touch, or VoiceOver's three-finger swipe.
    case turn(TurnDirection, input: TurnInput = .touch)
    /// `goto <offset>`.
    case goto(offset: Int)
    /// `split left|right|off`.
    case split(SplitMode)
    /// `jitter <deg> for D`: seeded noise around the current angle, sampled at `rate`.
    case jitter(amplitude: Double, durationMs: Double)
    /// `repeat N { … }`; `producesEvents` is false when the body can emit nothing.
    case repeatBlock(count: Int, body: [ScriptCommand], producesEvents: Bool)
    /// `mark "label"`.
    case mark(String)
    /// `open-chapter <id>`.
    case openChapter(id: Int)
    /// `back`.
    case back
    /// `sidebar show|hide`.
    case sidebar(SidebarMode)
    /// `rate <hz>`: the sampling rate of ramps, holds and jitter from here on.
    case rate(hz: Double)
    /// `seed N`: restarts the jitter noise from seed `N`.
    case seed(UInt64)
    /// `notes open|close`.
    case notes(NotesAction)
    /// `note "text"`: replaces the notes text.
    case note(String)
    /// `select OFFSET LENGTH`: selects UTF-16 units.
    case select(offset: Int, length: Int)
    /// `add-to-notes`: appends the selection to the notes.
    case addToNotes
    /// `drag-to-notes [first-line]`: drags the selection (or the first line on screen) into the
    /// notes.
    case dragToNotes(DragPassage)
  }

  /// The `start` position: a named pose or an angle.
  public enum StartPosition: Sendable, Equatable {
    /// A pose name (`closed`, `openWide`, …) that implies an angle and an orientation.
    case pose(Pose)
    /// An angle in degrees (orientation portrait unless given).
    case angle(Double)

    /// The poses `start` accepts.
    public static let poses: [Pose] = [
      .closed, .closedSideways, .openWide, .book, .openTall, .tabletop,
    ]

    /// The angle and orientation a start position implies on a book-style foldable (the hinge
    /// vertical upright).
    public var implied: (angle: Double, orientation: Orientation) { implied(axis: .vertical) }

    /// The angle and orientation a start position implies for the hinge's axis: a flip phone
    /// (`horizontal`) is held tall and in tabletop upright, held wide and a book sideways.
    public func implied(axis: HingeAxis) -> (angle: Double, orientation: Orientation) {
      switch self {
      case .angle(let angle): (angle, .portrait)
      case .pose(let pose):
        switch pose {
        case .openWide, .openTall: (180, axis.orientation(for: pose))
        case .book, .tabletop: (110, axis.orientation(for: pose))
        default: (0, axis.orientation(for: pose))
        }
      }
    }
  }
}
