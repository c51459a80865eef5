import EventStream

extension Pipeline {
  /// The simulator: hinge → scene → settle, for a profile.
  public static func simulator(
    profile: Profile, settleMs: Double? = nil, textSize: TextSize = .large
  ) -> [any Stage] {
    [
      HingeStateMachine(profile: profile), SceneStateMachine(profile: profile),
      SettleStateMachine(windowMs: settleMs ?? profile.settleWindowMs, textSize: textSize),
    ]
  }
}
