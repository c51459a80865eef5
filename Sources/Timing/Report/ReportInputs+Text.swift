import EventStream

extension ReportInputs {
  /// The text report's header lines after its first: the cost model and what it means, the
  /// text, the settle window.
  ///
  /// ```text
  /// compute model: thread-cpu (host: this machine's thread CPU time)
  /// text: texts/sample-chapter.txt, 49990 UTF-16 units, from offset 0
  /// settle window: 200 ms (the profile's)
  /// ```
  /// - Parameters:
  ///   - settleOverridden: the window came from `--settle-ms`, not the profile.
  ///   - model: the cost model's explanation (`ComputeModel.explanation`).
  public func textHeader(settleOverridden: Bool, model: String) -> String {
    var text = "compute model: \(InputText.excerpt(computeModel)) (\(model))\n"
    text +=
      "text: \(InputText.name(self.text.name)), \(self.text.utf16Length) UTF-16 units, from offset \(offset)"
      + (prepaginate ? ", prepaginated" : "") + "\n"
    text +=
      "settle window: \(NumberFormat.shortest(settleWindowMs)) ms"
      + (settleOverridden ? " (--settle-ms)" : " (the profile's)") + "\n"
    return text
  }
}
