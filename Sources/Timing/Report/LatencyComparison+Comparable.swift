import EventStream

extension LatencyComparison {
  /// Why a metric of `base` and `new` does not compare, or nil when it does: a figure compares
  /// only with the same term measured on the same kind of clock.
  ///
  /// Within one engine the inputs check (`ReportInputs.differences`) already refused reports
  /// on other clocks, so everything compares. Between the reader model and an app
  /// (`report --app`, a browser) on the same inputs:
  ///
  /// - `settle wait` compares: both records take it from the simulator's own settle;
  /// - `pagination` does not: the model's is charged by its cost model (our typesetter's CPU
  ///   time, a fixed or device charge), the app's is its own time for its own page size;
  /// - `late start` and `paginated → shown` do not: the model has neither (0 by definition);
  /// - the sums (`last size → shown`, `cause → shown`) do not unless both sides are on one
  ///   kind of clock — they add the terms above;
  /// - `shown → painted` and `last size → painted` exist only where a reader painted.
  ///
  /// ```swift
  /// LatencyComparison.incomparable(.pagination, base: model, new: browser)
  /// // "the model's pagination is charged by thread-cpu, the app's is its own time"
  /// ```
  public static func incomparable(
    _ metric: LatencyReport.Metric, base: ReportInputs?, new: ReportInputs?
  ) -> String? {
    guard let base, let new, ReportInputs.isEngineComparison(base, new) else { return nil }
    let (model, app) = base.computeModel == ReportInputs.appComputeModel ? (new, base) : (base, new)
    switch metric {
    case .settleWait:
      return nil
    case .pagination:
      return "the model's pagination is charged by \(model.computeModel), the app's is its own time"
    case .lateStart, .paginatedToShown:
      return "the model has none (0 by definition), the app measured it"
    case .painted, .lastSizeToPainted:
      return "the model paints nothing"
    case .lastSizeToShown, .causeToShown:
      guard model.clock != app.clock else { return nil }
      return
        "\(ReportInputs.describeClock(model)) against \(ReportInputs.describeClock(app)), "
        + "the pagination charged by \(model.computeModel) against the app's own"
    }
  }
}
