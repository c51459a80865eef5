import Foundation
import Reader
import TestSupport

@testable import EventStream

/// Shared set-up for the fixed-layout (PDF) reader tests: the bundled sample PDF, settles of
/// the bundled profile's poses, and runs through the stage with 5 ms pinned per layout.
enum FixedLayoutFixtures {
  static let profile = TestSupport.profile()
  static let samplePath = TestSupport.packageRoot + "/texts/pdf-sample.pdf"
  /// The sizes texts/make-pdf-sample.py writes: A5, A5 turned (page 5), US Letter (page 8).
  static let a5 = FixedLayoutDocument.Size(width: 419.53, height: 595.28)
  static let landscape = FixedLayoutDocument.Size(width: 595.28, height: 419.53)
  static let letter = FixedLayoutDocument.Size(width: 612, height: 792)
  static let sampleSizes = [a5, a5, a5, a5, landscape, a5, a5, letter, a5, a5]
  static let sample = FixedLayoutDocument(name: "sample", pageSizes: sampleSizes)
  /// The bundled profile's fold held wide: x 455.5, 40 wide, in the 867×611 reader.
  static let foldFrame = Rect(x: 455.5, y: 0, width: 40, height: 611)

  static func bytes(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    return [UInt8](data)
  }

  static func settled(
    _ width: Double, _ height: Double, fold: Division? = nil, textSize: TextSize = .large, at time: Double = 0
  ) -> Event {
    Event(
      time: time,
      .settled(
        Settled(
          width: width, height: height, textSize: textSize, division: fold, sizes: 1, changed: true,
          cycle: SettleCycle(
            cause: .initial, causeTime: time, firstChange: time, lastChange: time, firstSize: nil, lastSize: nil))))
  }

  /// Open wide (the fold flat) or book (active).
  static func wide(active: Bool, at time: Double = 0) -> Event {
    settled(867, 611, fold: Division(frame: foldFrame, isActive: active), at: time)
  }

  /// Runs events through the stage alone.
  static func run(
    _ inputs: [Event], place: Int = 0, document: FixedLayoutDocument = sample, computeMs: Double = 5
  ) -> [Event] {
    TestSupport.run(
      inputs,
      stages: [FixedLayoutReader(document: document, profile: profile, place: place, model: .fixed(computeMs))])
  }

  static func shown(_ events: [Event]) -> [Shown] {
    events.compactMap { if case .shown(let s) = $0.kind { s } else { nil } }
  }

  static func violations(_ events: [Event]) -> [Violation] {
    events.compactMap { if case .violation(let v) = $0.kind { v } else { nil } }
  }
}
