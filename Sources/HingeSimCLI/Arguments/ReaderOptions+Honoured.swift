/// One of the options that change the reader (`ReaderOptions`): the document, the place, the
/// direction, the typography, pre-pagination, chapters and the cost model.
enum ReaderOption: String, CaseIterable, Sendable {
  case text = "--text"
  case pdf = "--pdf"
  case offset = "--offset"
  case direction = "--direction"
  case prepaginate = "--prepaginate"
  case chapters = "--chapters"
  case lang = "--lang"
  case typography = "--typography"
  case computeModel = "--compute-model"
  case computeMs = "--compute-ms"

  /// The reader options among `args` (as `--name`, `--name=VALUE` or `--name VALUE`).
  static func present(in args: Arguments) -> Set<ReaderOption> {
    Set(allCases.filter { args.contains($0.rawValue) })
  }
}

/// What stands in the reader's place in a run: the options it can honour differ.
enum ReaderConsumer: Sendable {
  /// The reader model: `run`, `read`, `check`, `report`, `knob`, the live view and the demo
  /// page (every pipeline `RunPipeline.build` makes with a reader). It honours every option.
  case model
  /// A real app's log judged against a source (`check --app`, `report --app`): the app is the
  /// reader, its times its own, and it reads a text.
  case appLog
  /// A web reader in a browser (`web`, `report --backend web`): the page lays the text out with
  /// its own fonts, from its own start, at its own pace; `--chapters` only for a page of one's own
  /// (`--url`), which may paginate one chapter at a time.
  case browser(ownPage: Bool)

  /// The reader options it honours.
  var honoured: Set<ReaderOption> {
    switch self {
    case .model: Set(ReaderOption.allCases)
    case .appLog: [.text, .offset, .direction, .chapters, .lang, .typography]
    case .browser(let ownPage): ownPage ? [.text, .chapters] : [.text]
    }
  }

  /// Why it cannot honour `option`, for the usage error.
  func reason(_ option: ReaderOption) -> String {
    switch (self, option) {
    case (.appLog, .pdf), (.browser, .pdf): "it judges a reader of a text"
    case (.appLog, .computeModel), (.appLog, .computeMs): "the app's times are its own, not charged by a model"
    case (.appLog, .prepaginate): "the app paginates as it does, not as the model is told to"
    case (.browser, .chapters):
      "the bundled web reader paginates the whole text; a page that paginates one chapter at a time goes with --url"
    case (.browser, .computeModel), (.browser, .computeMs): "the browser's times are its own, not charged by a model"
    case (.browser, _): "the web reader lays the text out itself and is not told this"
    default: "it has no such reader setting"
    }
  }
}

extension ReaderOptions {
  /// Refuses (exit 64) the first reader option given that `consumer` cannot honour: an option
  /// is honoured or refused, never ignored.
  func refuseUnless(honouredBy consumer: ReaderConsumer, command: String) throws(CLIError) {
    for option in ReaderOption.allCases where given.contains(option) && !consumer.honoured.contains(option) {
      throw .usage("\(option.rawValue) does not go with \(command): \(consumer.reason(option))")
    }
  }
}
