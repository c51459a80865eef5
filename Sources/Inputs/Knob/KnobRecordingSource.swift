import EventStream
import Knob
import Platform

/// Replays a knob recording (evemu or libinput record) through the knob mapping with the
/// recorded timestamps: an `EventSource` like any trace.
///
/// The device description in the file chooses the kind; the first event is t = 0 and a
/// sample of the starting angle (the range's lower end) comes first.
public struct KnobRecordingSource: EventSource {
  private let recording: KnobRecording
  private var translator: KnobTranslator
  private var index = 0
  private var pending: [Event] = []
  private var started = false

  /// Wraps a parsed recording.
  public init(recording: KnobRecording, mapping: KnobMapping, warn: @escaping (String) -> Void) {
    self.recording = recording
    translator = KnobTranslator(
      mapper: KnobMapper(recording: recording, mapping: mapping, initialDegrees: mapping.lower),
      warn: warn)
  }

  /// Reads and parses a recording from a line reader (a file or stdin).
  public static func load(_ reader: LineReader, format: SourceFormat) throws(InputError) -> KnobRecording {
    var text = ""
    while let line = try reader.nextLine({ String(decoding: $0, as: UTF8.self) }) {
      text += line
      text += "\n"
    }
    // The parser picks the format by the name: make sure stdin (`<stdin>`) parses as asked.
    let name = reader.name
    let parseName =
      KnobRecording.isRecording(file: name)
      ? name : name + (format == .libinput ? ".yml" : ".evemu")
    do {
      return try KnobRecording.parse(text: text, file: parseName)
    } catch {
      throw InputError(
        file: name, line: error.line, column: error.column,
        message: "expected \(error.expected), found \(InputText.escaped(error.found))")
    }
  }

  public mutating func next() throws(InputError) -> Event? {
    if !started {
      started = true
      return translator.initialSample(at: 0)
    }
    while pending.isEmpty {
      guard index < recording.inputs.count else { return nil }
      let input = recording.inputs[index]
      index += 1
      pending = translator.events(for: input, at: input.time).reversed()
    }
    return pending.removeLast()
  }
}
