import EventStream
import Platform

/// One pair of pictures compared: the pair, how they differ, and whether that is past the
/// threshold.
public struct ShotComparison: Sendable {
  /// The two pictures.
  public let pair: ShotPairing.Pair
  /// Their difference.
  public let diff: PixelDiff
  /// The files' bytes, for the sheet's copies.
  public let beforeBytes: [UInt8]
  /// The files' bytes, for the sheet's copies.
  public let afterBytes: [UInt8]
  /// True when the difference fails the comparison (`ShotThreshold`).
  public let fails: Bool

  /// Reads both pictures of `pair` and compares them; the fold is the union of the two
  /// records' bands (one layout has one fold; a union never misses a moved one).
  /// - Throws: `ShotsError`: `.missing` for a picture not in its folder, `.badData` for one
  ///   that is not a PNG libpng reads whole or is over `pixelLimit`, `.io` when unreadable.
  public init(
    _ pair: ShotPairing.Pair, before: ShotIndex, after: ShotIndex, threshold: ShotThreshold,
    pixelLimit: Int = PNGImage.defaultPixelLimit
  ) throws(ShotsError) {
    self.pair = pair
    let (a, aBytes) = try Self.image(before.path(of: pair.before), pixelLimit: pixelLimit)
    let (b, bBytes) = try Self.image(after.path(of: pair.after), pixelLimit: pixelLimit)
    let bands = [(pair.before, a), (pair.after, b)].compactMap { record, image in
      record.fold.flatMap {
        PixelRect(covering: $0, frameWidth: record.width, imageWidth: image.width, imageHeight: image.height)
      }
    }
    let fold = bands.dropFirst().reduce(bands.first) { $0?.union($1) }
    diff = PixelDiff(a, b, fold: fold)
    beforeBytes = aBytes
    afterBytes = bBytes
    fails = threshold.fails(diff)
  }

  /// The largest PNG file read, bytes.
  public static let fileLimit = 256 << 20

  /// A PNG file's image and bytes.
  static func image(_ path: String, pixelLimit: Int) throws(ShotsError) -> (PNGImage, [UInt8]) {
    let name = InputText.excerpt(path, limit: 200)
    guard POSIX.exists(path) else {
      throw ShotsError(file: name, "no such file (named in its folder's \(ShotIndex.fileName))", kind: .missing)
    }
    guard let bytes = WholeFile.read(path, limit: fileLimit) else {
      throw ShotsError(
        file: name, "cannot read it (not a regular file, unreadable, or over \(fileLimit >> 20) MiB)", kind: .io)
    }
    do {
      return (try PNGImage.decode(bytes, pixelLimit: pixelLimit), bytes)
    } catch {
      throw ShotsError(file: name, png: error)
    }
  }

  /// `12,220 px (2.31 %), 12,220 in the fold (x 423–443, y 0–610)`, `same`, or
  /// `sizes differ: 382×620 before, 390×620 after`.
  public var summary: String {
    switch diff.outcome {
    case .same: return "same"
    case .changed(let pixels, let inFold, let bounds):
      let percent = NumberFormat.fixed(diff.changedFraction * 100, diff.changedFraction < 0.01 ? 4 : 2)
      let where_ = inFold > 0 ? ", \(Self.grouped(inFold)) in the fold" : ", none in the fold"
      return "\(Self.grouped(pixels)) px changed (\(percent) %)\(diff.fold == nil ? "" : where_), within \(bounds)"
    case .sizesDiffer(let a, let b):
      return "sizes differ: \(a.width)×\(a.height) before, \(b.width)×\(b.height) after"
    }
  }

  /// 12220 → `12,220`.
  static func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return out
  }
}

/// When a pair's difference fails `shots compare` (exit 1): pictures of different sizes, any
/// changed pixel in the fold's band, or more than `fraction` of the pixels changed (default
/// 0: any change at all).
public struct ShotThreshold: Sendable, Equatable {
  /// The fraction of changed pixels a pair may have and pass, 0…1.
  public var fraction: Double

  /// Makes a threshold.
  public init(fraction: Double = 0) { self.fraction = fraction }

  /// True when `diff` is past it.
  public func fails(_ diff: PixelDiff) -> Bool {
    switch diff.outcome {
    case .same: false
    case .sizesDiffer: true
    case .changed: diff.changedInFold > 0 || diff.changedFraction > fraction
    }
  }
}
