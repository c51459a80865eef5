/// A UIKit size class for one axis of the app's view (`UIUserInterfaceSizeClass`).
public enum SizeClass: String, Sendable, CaseIterable {
  case compact, regular
}
