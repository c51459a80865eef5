import EventStream

/// A device profile: every number of the device model, loaded from `profiles/NAME.json`.
///
/// The numbers are data, never constants in code; each group in the file carries a `source`
/// note `KIND: reason` (`SourceKind`: `measured`, `reference-code`, `apple-spec`, `design-kit`,
/// `vendor-spec`, `external`, `derived` or `assumed`), or an object of notes, one per value
/// (`ProfileSources`). Where two sources disagree the profile names the side it follows
/// (`conflicts`, `SourceConflict`), and `choosing(_:_:)` takes the other.
public struct Profile: Sendable, Equatable {
  /// The profile's name (`iphone-duo`, `none`).
  public var name: String
  /// One line on what it models.
  public var description: String
  /// The hinge model, or nil for a device without a hinge.
  public var hinge: HingeProfile?
  /// Poses the device can take, with their reader frames and folds.
  public var poses: [Pose: PoseGeometry]
  /// Split View frames (left and right of the fold).
  public var splitView: [SplitMode: PoseGeometry]
  /// Page insets.
  public var pages: PageInsets
  /// Transient resize bursts.
  public var transitions: Transitions
  /// The settle window in milliseconds.
  public var settleWindowMs: Double
  /// Fonts, sizes and paragraph style.
  public var typography: Typography
  /// The fold's frame when the hinge is fully open (the sources disagree; docs/profiles.md).
  public var divisionWhenFlat: DivisionWhenFlat = .frameStays
  /// The displays' sizes, for the frame rule (`FrameRule`).
  public var displays: [Display: DisplaySize] = [:]
  /// The reader's own navigation bar, points, for the frame rule.
  public var navigationBar: Double = 0
  /// One display frame, ms: a PDF spread whose fold only turned active or flat is redrawn
  /// this long after the change (`displays.frameMs`).
  public var displayFrameMs: Double = 0
  /// The disagreements between sources the profile names, the side it follows on each, and
  /// the data of each side (`Profile+Conflicts`).
  public var conflicts = Conflicts()
  /// The poses and Split View panes as the file writes them, before the conflicts' sides are
  /// applied (`resolveConflicts`).
  var writtenPoses: [Pose: PoseGeometry] = [:]
  var writtenSplitView: [SplitMode: PoseGeometry] = [:]

  /// What the fold's frame is when the hinge is fully open. The sources conflict: the reading
  /// guide measured that the frame stays put and only `isActive` changes; Apple's design
  /// resource gives the division 0 pt when flat.
  public enum DivisionWhenFlat: String, Sendable, Equatable, CaseIterable {
    /// The frame stays as the pose has it; only `isActive` changes (measured, the default).
    case frameStays = "frame-stays"
    /// Fully open, the frame shrinks to the fold's centre line, 0 pt across (Apple's resource).
    case zeroWhenFlat = "zero-when-flat"

    /// The fold's frame for a status: the pose's frame, or its centre line when fully open.
    public func frame(_ frame: Rect, status: HingeStatus) -> Rect {
      guard self == .zeroWhenFlat, status == .fullyOpen else { return frame }
      return frame.height >= frame.width
        ? Rect(x: frame.x + frame.width / 2, y: frame.y, width: 0, height: frame.height)
        : Rect(x: frame.x, y: frame.y + frame.height / 2, width: frame.width, height: 0)
    }
  }

  /// The hinge's thresholds and update policy.
  public struct HingeProfile: Sendable, Equatable {
    /// Lowest angle (closed).
    public var minAngle: Double
    /// Highest angle (flat).
    public var maxAngle: Double
    /// Closed when below `closedOpening` while opening… (see `StatusThresholds`).
    public var status: StatusThresholds
    /// Rate and precision of delivered updates.
    public var policy: UpdatePolicy
    /// Sampling rate of ramps in scripts, Hz.
    public var sensorRateHz: Double
    /// The thresholds while the hinge is horizontal (held tall, tabletop), when the status
    /// follows the angle and the orientation (`conflicts.status` `angle-and-orientation`);
    /// nil: `status` in every orientation.
    public var landscapeStatus: StatusThresholds? = nil
    /// Which way the hinge runs upright (`hinge.axis`; vertical, a book-style foldable, when
    /// the file names none): it decides which orientations hold the hinge horizontal.
    public var axis: HingeAxis = .vertical
  }

  /// Direction-aware thresholds for the hinge status.
  public struct StatusThresholds: Sendable, Equatable {
    /// Closed → partiallyOpen when the angle rises above this.
    public var closedOpening: Double
    /// partiallyOpen → closed when the angle falls below this.
    public var closedClosing: Double
    /// partiallyOpen → fullyOpen when the angle rises above this.
    public var fullyOpenOpening: Double
    /// fullyOpen → partiallyOpen when the angle falls below this.
    public var fullyOpenClosing: Double
    /// A new status must hold this long before it is reported, ms.
    public var dwellMs: Double
    /// Angle changes smaller than this never change the direction of travel, degrees.
    public var deadband: Double
    /// Status becomes `unknown` after this long without a sample (nil: never), ms.
    public var unknownAfterMs: Double?
  }

  /// System policy for delivered hinge updates.
  public struct UpdatePolicy: Sendable, Equatable {
    /// Minimum time between delivered updates, ms.
    public var minIntervalMs: Double
    /// Quantisation step of delivered angles, degrees (0 = none).
    public var precision: Double
    /// Smallest change that is reported, degrees.
    public var minChange: Double
    /// Amplitude of seeded noise added to raw samples, degrees.
    public var noise: Double
    /// Noise seed.
    public var seed: UInt64
  }

  /// Where the reader sits in one pose.
  public struct PoseGeometry: Sendable, Equatable {
    /// The display showing the app.
    public var display: Display
    /// Reader frame width, points.
    public var width: Double
    /// Reader frame height, points.
    public var height: Double
    /// The fold's frame in reader coordinates, if the reader meets one.
    public var division: Rect?
    /// The app view's horizontal size class in this pose.
    public var horizontalSizeClass: SizeClass = .compact
    /// The app view's vertical size class in this pose.
    public var verticalSizeClass: SizeClass = .regular
    /// The window's safe-area insets in this pose.
    public var safeArea = SafeArea()
  }

  /// A display's size in points, in its natural orientation (the outer portrait, the inner
  /// landscape on a book-style foldable).
  public struct DisplaySize: Sendable, Equatable {
    /// Width, points.
    public var width: Double
    /// Height, points.
    public var height: Double
  }

  /// Where the pages go in the reader's frame (`pages` in the profile): insets from the
  /// reader's edges and from the fold, the narrowest page, and the library's sidebar.
  public struct PageInsets: Sendable, Hashable {
    /// From the reader's outer edges.
    public var edge: Double
    /// From the fold frame.
    public var fold: Double
    /// The narrowest page a layout makes, points: a pose must give pages at least this wide,
    /// and a fold that leaves less beside it is not split at (the reader's page geometry).
    public var minimumWidth: Double
    /// The width the library's sidebar takes from the reader's frame when it is shown in
    /// regular width, points.
    public var sidebarWidth: Double
    /// The widest page in regular width, points (nil: no limit).
    public var maximumTextWidth: Double?

    /// Makes insets.
    public init(
      edge: Double, fold: Double, minimumWidth: Double, sidebarWidth: Double, maximumTextWidth: Double? = nil
    ) {
      self.edge = edge
      self.fold = fold
      self.minimumWidth = minimumWidth
      self.sidebarWidth = sidebarWidth
      self.maximumTextWidth = maximumTextWidth
    }
  }

  /// One burst kind.
  public struct Burst: Sendable, Equatable {
    /// Sizes sent (the last is the final size).
    public var count: Int
    /// From first to last size, ms.
    public var durationMs: Double
    /// How intermediate sizes move.
    public var easing: Easing
  }

  /// Burst kinds and the region lag.
  public struct Transitions: Sendable, Equatable {
    /// Closed → open display switch.
    public var open: Burst
    /// Open → closed display switch.
    public var close: Burst
    /// A rotation.
    public var rotate: Burst
    /// A resize on the same display (bars, split view).
    public var resize: Burst
    /// Region updates come this long after the final size, ms.
    public var regionLagMs: Double
  }

  /// Fonts and paragraph style.
  public struct Typography: Sendable, Equatable {
    /// Font file (the SF Pro stand-in).
    public var fontFile: String
    /// Fallback font for missing glyphs.
    public var fallbackFontFile: String?
    /// Point size and line height per category.
    public var sizes: [TextSize: (pointSize: Double, lineHeight: Double)]
    /// Extra space after each line.
    public var lineSpacing: Double
    /// Extra space after a paragraph's last line.
    public var paragraphSpacing: Double
    /// TextKit's hyphenation factor (0 = off).
    public var hyphenationFactor: Double
    /// TextKit's line fragment padding.
    public var lineFragmentPadding: Double
    /// libhyphen dictionary.
    public var hyphenationDictionary: String?
    /// Hyphenation left minimum.
    public var hyphenLeftMin: Int
    /// Hyphenation right minimum.
    public var hyphenRightMin: Int
    /// The device font's metrics the stand-in font is calibrated to (nil: none in the profile).
    public var calibration: Calibration?
    /// Every advance is multiplied by this (1 unless a calibration is applied; `applying(_:)`).
    public var advanceScale: Double = 1

    public static func == (a: Typography, b: Typography) -> Bool {
      a.fontFile == b.fontFile && a.fallbackFontFile == b.fallbackFontFile
        && a.sizes.count == b.sizes.count
        && a.sizes.allSatisfy { k, v in b.sizes[k].map { $0 == v } ?? false }
        && a.lineSpacing == b.lineSpacing && a.paragraphSpacing == b.paragraphSpacing
        && a.hyphenationFactor == b.hyphenationFactor
        && a.lineFragmentPadding == b.lineFragmentPadding
        && a.hyphenationDictionary == b.hyphenationDictionary
        && a.hyphenLeftMin == b.hyphenLeftMin && a.hyphenRightMin == b.hyphenRightMin
        && a.calibration == b.calibration && a.advanceScale == b.advanceScale
    }
  }
}
