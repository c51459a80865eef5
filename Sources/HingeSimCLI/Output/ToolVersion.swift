/// hingesim's version: what `hingesim --version` prints and what a report names as its producer.
enum ToolVersion {
  static let number = "0.3.0"
}
