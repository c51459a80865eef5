/// The layout in force as the log goes on: the settle whose layout the app should show at an
/// entry. The answers take effect in the order of the settles, as the model's thread gives them:
/// a pagination at its `paginated` line (shown or not), an unchanged layout when the app was free
/// for it, and a settle never answered from its own time on — what the fold asks for, whatever
/// the app did. A superseded settle never does.
struct AppLogInForce {
  private enum Effect {
    case line(Int)
    case time(Double)
    case none
  }

  private var effects: [(settle: Int, effect: Effect)] = []
  private var next = 0
  private var current: Int?

  init(matching: AppLogMatching) {
    for (k, answer) in matching.sweep.answers.enumerated() {
      switch answer {
      case .paginated(let p): effects.append((k, .line(matching.paginations[p].entry)))
      case .unchanged(let t): effects.append((k, .time(t)))
      case .missing: effects.append((k, .time(matching.script.settles[k].time)))
      case .pending, .superseded: effects.append((k, .none))
      }
    }
  }

  /// The settle in force at entry `i`, at `time` (entries asked for never go back).
  mutating func settle(atEntry i: Int, time: Double) -> Int? {
    while next < effects.count {
      switch effects[next].effect {
      case .none: break
      case .line(let line) where line < i: current = effects[next].settle
      case .time(let t) where t <= time: current = effects[next].settle
      default: return current
      }
      next += 1
    }
    return current
  }
}
