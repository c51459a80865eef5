import EventStream
import Knob
import Platform

/// Turns knob inputs into stream inputs through a `KnobMapper`: an angle becomes a raw
/// `hinge` sample, a button press its action (rotate toggles portrait ↔ landscapeLeft, text
/// size steps on from Large, turn goes to the next page, notes opens and closes the notes,
/// sidebar shows and hides the library's sidebar, drag-to-notes drags the first line on screen
/// into the notes — opening them first), `SYN_DROPPED` a warning.
///
/// Shared by the live device and recording replays, so both map the same way.
struct KnobTranslator {
  /// The mapper (kind, axis, settings, current angle).
  private(set) var mapper: KnobMapper
  /// The orientation the last rotate press chose.
  private(set) var orientation = Orientation.portrait
  /// The text size the last text-size press chose.
  private(set) var textSize = TextSize.large
  /// True when the last notes press opened the notes.
  private(set) var notesOpen = false
  /// True when the last sidebar press showed the sidebar.
  private(set) var sidebarShown = false
  /// Called when the kernel dropped events (relative rotation was lost).
  var warn: (String) -> Void

  /// Makes a translator around a mapper.
  init(mapper: KnobMapper, warn: @escaping (String) -> Void) {
    self.mapper = mapper
    self.warn = warn
  }

  /// The sample for the starting angle, so the simulator knows the pose at once.
  func initialSample(at time: Double) -> Event { Event(time: time, .sample(angle: mapper.degrees)) }

  /// The stream inputs one knob input causes; `time` is its stream time.
  mutating func events(for input: KnobInput, at time: Double) -> [Event] {
    var events: [Event] = []
    for action in mapper.map(input) {
      switch action {
      case .angle(_, let degrees):
        events.append(Event(time: time, .sample(angle: degrees)))
      case .button(_, .rotate):
        orientation = orientation == .portrait ? .landscapeLeft : .portrait
        events.append(Event(time: time, .orientation(orientation)))
      case .button(_, .nextTextSize):
        textSize = textSize.next
        events.append(Event(time: time, .textSize(textSize)))
      case .button(_, .turnNext):
        events.append(Event(time: time, .turn(.next)))
      case .button(_, .toggleNotes):
        notesOpen.toggle()
        events.append(Event(time: time, .notes(notesOpen ? .open : .close)))
      case .button(_, .toggleSidebar):
        sidebarShown.toggle()
        events.append(Event(time: time, .sidebar(sidebarShown ? .show : .hide)))
      case .button(_, .dragToNotes):
        // A drop needs the notes on screen: the first press opens them.
        if !notesOpen {
          notesOpen = true
          events.append(Event(time: time, .notes(.open)))
        }
        events.append(Event(time: time, .dragToNotes(.firstLine)))
      case .dropped:
        warn(
          "warning: the kernel dropped knob events at t = \(NumberFormat.ms(time)) ms "
            + "(SYN_DROPPED); resynchronised, but relative rotation in the gap was lost")
      }
    }
    return events
  }
}
