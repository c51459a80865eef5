import EventStream
import Platform
import Simulator
import Timing

/// Box-drawing pictures of the phone in each pose, at most 24 columns by 7 rows.
enum PhoneArt {
  /// The picture and its caption for a pose.
  static func drawing(for pose: Pose) -> (lines: [String], caption: String) {
    switch pose {
    case .closed, .unknown:
      (
        [
          "      ┌───────┐", "      │ ▓▓▓▓▓ │", "      │ ▓▓▓▓▓ │", "      │ ▓▓▓▓▓ │",
          "      │ ▓▓▓▓▓ │",
          "      │   ●   │", "      └───────┘",
        ], pose == .unknown ? "unknown" : "closed"
      )
    case .closedSideways:
      (
        [
          "", "  ┌─────────────────┐", "  │ ▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓ ●", "  │ ▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓ │",
          "  └─────────────────┘",
        ],
        "closed, sideways"
      )
    case .openWide, .splitView:
      (
        [
          "┌──────────┬──────────┐", "│ ▓▓▓▓▓▓▓▓ ┊ ▓▓▓▓▓▓▓▓ │", "│ ▓▓▓▓▓▓▓▓ ┊ ▓▓▓▓▓▓▓▓ │",
          "│ ▓▓▓▓▓▓▓▓ ┊ ▓▓▓▓▓▓▓▓ │", "│ ▓▓▓▓▓▓▓▓ ┊ ▓▓▓▓▓▓▓▓ │", "└──────────┴──────────┘",
        ], pose == .splitView ? "split view" : "open wide"
      )
    case .book:
      (
        [
          "╲ ▓▓▓▓▓▓▓     ▓▓▓▓▓▓▓ ╱", " ╲ ▓▓▓▓▓▓▓   ▓▓▓▓▓▓▓ ╱", "  ╲ ▓▓▓▓▓▓▓ ▓▓▓▓▓▓▓ ╱",
          "   ╲ ▓▓▓▓▓▓ ▓▓▓▓▓▓ ╱", "    ╲ ▓▓▓▓▓ ▓▓▓▓▓ ╱", "     ╲─────V─────╱",
        ], "book"
      )
    case .tabletop:
      (
        [
          "   ┌─────────────┐", "   │ ▓▓▓▓▓▓▓▓▓▓▓ │", "   │ ▓▓▓▓▓▓▓▓▓▓▓ │", "   │ ▓▓▓▓▓▓▓▓▓▓▓ │",
          "   ├─────────────┴───────┐", "   └─────────────────────┘",
        ], "tabletop"
      )
    case .openTall:
      (
        [
          "      ┌─────────┐", "      │ ▓▓▓▓▓▓▓ │", "      │ ▓▓▓▓▓▓▓ │", "      ├┄┄┄┄┄┄┄┄┄┤",
          "      │ ▓▓▓▓▓▓▓ │", "      │ ▓▓▓▓▓▓▓ │", "      └─────────┘",
        ], "open tall"
      )
    }
  }
}
