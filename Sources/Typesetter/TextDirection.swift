/// A paragraph's or a text's direction (UAX #9).
public enum TextDirection: String, Sendable, Equatable {
  case leftToRight = "ltr"
  case rightToLeft = "rtl"
}
