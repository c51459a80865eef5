extension TextLayout {
  /// Paginates at a page size and style: greedy lines over the cached widths, stacked under
  /// TextKit 1's vertical rule. With `through`, stops once the page holding that offset is
  /// complete (the rest is not laid out; see `continuePagination(_:)`).
  public func paginate(
    width: Double, height: Double, style: TextStyle, through offset: Int? = nil
  ) -> Pagination {
    let size = style.pointSize.isFinite && style.pointSize > 0 ? style.pointSize : 1
    let scale = style.advanceScale.isFinite && style.advanceScale > 0 ? style.advanceScale : 1
    var pagination = Pagination(
      width: width, height: height, style: style,
      pointsPerUnit: size * scale / Double(font.unitsPerEm))
    if offset == nil, width.isFinite, width > 0 {
      // Size the line and page arrays once (the estimate is a few per cent high as a rule).
      let lines = estimatedLines(width: width, pointsPerUnit: pagination.pointsPerUnit)
      let capacity = Int(min(lines, Double(units.count))) + 16
      pagination.lineStarts.reserveCapacity(capacity)
      pagination.lineWidths.reserveCapacity(capacity)
      pagination.lineFlags.reserveCapacity(capacity)
      let linesPerPage =
        height.isFinite ? max(1, height / (style.lineHeight + style.lineSpacing)) : 1
      let pages = Int(min(Double(capacity) / linesPerPage * 1.1, Double(capacity))) + 4
      pagination.pageStarts.reserveCapacity(pages)
      pagination.pageFirstLines.reserveCapacity(pages)
    } else {
      pagination.lineStarts.reserveCapacity(max(16, units.count / 30))
    }
    layOut(&pagination, through: offset)
    return pagination
  }

  /// About how many lines the text takes at a width: its one-line advance over the width less
  /// the half segment a greedy line leaves unused on average, plus the paragraph ends.
  func estimatedLines(width: Double, pointsPerUnit: Double) -> Double {
    let line = width / pointsPerUnit
    let halfSegment = Double(totalWidth) / Double(max(1, segments.count)) / 2
    return Double(totalWidth) / max(line - halfSegment, line / 2) + Double(forcedBreaks)
  }

  /// Lays out the rest of a pagination made `through:` an offset; a complete one is returned as is.
  public func continuePagination(_ partial: Pagination, through offset: Int? = nil) -> Pagination {
    guard !partial.isComplete else { return partial }
    var pagination = partial
    layOut(&pagination, through: offset)
    return pagination
  }

  private func layOut(_ p: inout Pagination, through stopOffset: Int?) {
    let style = p.style
    guard !segments.isEmpty else {
      // Empty text: one page holding one empty line.
      p.pageStarts = [0]
      p.pageFirstLines = [0]
      p.lineStarts = [0]
      p.lineWidths = [0]
      p.lineFlags = [Pagination.endsParagraph]
      p.charactersLaidOut = 0
      p.isComplete = true
      return
    }
    let limitPoints = p.width.isFinite ? max(0, p.width) : 0
    let limitUnits = limitPoints / p.pointsPerUnit
    let limit = limitUnits >= Double(Int32.max) ? Int(Int32.max) : Int(limitUnits.rounded(.down))
    // Pango's rounding breaks ties for the font at its own widths, which Pango sets; scaled
    // advances (a calibration) have no Pango to agree with, and the exact width decides.
    let (tieAbove, tieBelow) =
      style.advanceScale == 1 ? Self.ties(limitUnits: limitUnits, limit: limit) : (Int.min, Int.min)
    let hyphenating = hyphenator != nil && style.hyphenationFactor > 0
    // A body shorter than this has no hyphenation point (both of `hyphenEntry`'s paths need it).
    let shortestHyphenated = hyphenator.map { Int32($0.leftMin + $0.rightMin) } ?? Int32.max
    let threshold = style.hyphenationFactor * limitUnits
    let plain = style.lineHeight + style.lineSpacing
    let last = plain + style.paragraphSpacing
    let height = p.height.isNaN ? 0 : p.height
    let hyphen = hyphenAdvance
    let size = p.pointsPerUnit * Double(font.unitsPerEm)

    var seg = p.resumeSegment
    var partial = p.resumePartial
    // The body advance before `partial` in the segment `seg` (carried from the previous line).
    var partialWidth = partial > 0 ? Int(splits(of: segments[seg]).width(before: partial)) : 0
    // Work on the hyphenation table as a local (uniquely referenced, no exclusivity checks).
    var table = hyphens
    hyphens = HyphenTable()
    defer { hyphens = table }
    var y = 0.0
    var steps = 0  // cluster boundaries looked at (`clusterSteps`)
    defer { clusterSteps += steps }
    var linesOnPage = 0
    var needPage = true
    let count = segments.count
    segments.withUnsafeBufferPointer { segmentBuffer in
      let segs = segmentBuffer.baseAddress!
      while seg < count {
        let lineStart = Int(segs[seg].start) + Int(partial)
        var next = seg
        var nextPartial: Int32 = 0
        var nextPartialWidth = 0
        var used = 0
        var endFlags: UInt8 = 0
        var hyphenated = false

        // The first segment always goes on the line; one wider than the line is broken between
        // grapheme clusters.
        let first = segs[seg]
        let before = partial > 0 ? partialWidth : 0
        let firstBody = Int(first.bodyWidth) - before
        var clusterEnd: Int32 = 0
        if firstBody > limit && first.word >= 0 {
          let s = splits(of: first)
          var k = s.firstCluster(after: partial)
          steps += 1
          if k < s.clusterOffsets.count {
            clusterEnd = s.clusterOffsets[k]
            used = Int(s.clusterWidths[k]) - before
            nextPartialWidth = Int(s.clusterWidths[k])
            k += 1
            while k < s.clusterOffsets.count && Int(s.clusterWidths[k]) - before <= limit {
              steps += 1
              clusterEnd = s.clusterOffsets[k]
              used = Int(s.clusterWidths[k]) - before
              nextPartialWidth = Int(s.clusterWidths[k])
              k += 1
            }
          }
        }
        if clusterEnd > 0 {
          next = seg
          nextPartial = clusterEnd
        } else {
          var acc = Int(first.fullWidth) - before
          used = firstBody
          endFlags = first.flags
          next = seg + 1
          while endFlags == 0 && next < count {
            let s = segs[next]
            let w = acc + Int(s.kernBefore) + Int(s.bodyWidth)
            // Within one font unit of the width, break the tie as Pango's rounding does.
            if w > limit {
              guard w == tieAbove, partial == 0,
                tieFits(from: seg, through: next, pointSize: size, width: limitPoints)
              else { break }
            } else if w == tieBelow, partial == 0,
              !tieFits(from: seg, through: next, pointSize: size, width: limitPoints)
            {
              break
            }
            used = w
            acc += Int(s.kernBefore) + Int(s.fullWidth)
            endFlags = s.flags
            next += 1
          }
          if hyphenating && endFlags == 0 && next < count && Double(used) < threshold
            && segs[next].bodyLength >= shortestHyphenated && segs[next].word >= 0
          {
            // The largest point where the head and a hyphen fit: integers from the flat table.
            let s = segs[next]
            var entry = table.entries[Int(s.word)]
            if entry.first < 0 { entry = hyphenEntry(of: s, in: &table) }
            let base = acc + Int(s.kernBefore) + hyphen
            let lowest = Int(entry.first)
            var k = lowest + Int(entry.count) - 1
            while k >= lowest {
              let point = table.points[k]
              let w = base + Int(point.width)
              if w <= limit {
                used = w
                nextPartial = point.offset
                nextPartialWidth = Int(point.width)
                hyphenated = true
                break
              }
              k -= 1
            }
          }
        }
        let endsParagraph = endFlags & Segment.endsParagraph != 0
        let fragment = endsParagraph ? last : plain
        if needPage || (linesOnPage > 0 && y + fragment > height) {
          if let stopOffset, !p.pageStarts.isEmpty, lineStart > stopOffset {
            p.resumeSegment = seg
            p.resumePartial = partial
            p.charactersLaidOut = lineStart
            p.isComplete = false
            return
          }
          p.pageStarts.append(lineStart)
          p.pageFirstLines.append(p.lineStarts.count)
          y = 0
          linesOnPage = 0
          needPage = false
        }
        p.lineStarts.append(lineStart)
        p.lineWidths.append(Int32(clamping: used))
        p.lineFlags.append(
          (endsParagraph ? Pagination.endsParagraph : 0) | (hyphenated ? Pagination.hyphenated : 0))
        y += fragment
        linesOnPage += 1
        seg = next
        partial = nextPartial
        partialWidth = nextPartialWidth
      }
      p.resumeSegment = count
      p.resumePartial = 0
      p.charactersLaidOut = units.count
      p.isComplete = true
    }
  }

  /// The only integer sums within one font unit of the width `limitUnits` (whose floor is
  /// `limit`): above it (`Double(w) - limitUnits < 1`) and not above it (`limitUnits - Double(w)
  /// < 1`), or `Int.min` for none; the expressions hold for no other integer, so the line loop
  /// compares integers.
  static func ties(limitUnits: Double, limit: Int) -> (above: Int, below: Int) {
    (
      Double(limit + 1) - limitUnits < 1 ? limit + 1 : Int.min,
      limitUnits - Double(limit) < 1 ? limit : Int.min
    )
  }

  /// Breaks a tie (a line within one font unit of the width) the way Pango does: every glyph
  /// advance rounded to 1/1024 pt at the point size, then summed. Exact sums would make such ties
  /// depend on the last bit; this keeps the line breaks identical to Pango's.
  func tieFits(from first: Int, through last: Int, pointSize: Double, width: Double) -> Bool {
    let scale = Int64(pointSize * 1024)
    let mult = (scale << 16) / Int64(font.unitsPerEm)
    var sum: Int64 = 0
    var pending: Int64 = 0  // the previous glyph's advance, adjusted by kerning before rounding
    var havePending = false
    for index in first...last {
      let segment = segments[index]
      guard segment.word >= 0 else { continue }
      let glyphs = glyphAdvances(of: segment)
      if havePending {
        pending += Int64(segment.kernBefore)
      }
      let count = index == last ? glyphs.bodyCount : glyphs.advances.count
      for k in 0..<count {
        if havePending { sum += (pending * mult + 32768) >> 16 }
        pending = Int64(glyphs.advances[k])
        havePending = true
      }
    }
    if havePending { sum += (pending * mult + 32768) >> 16 }
    return sum <= Int64(width * 1024)
  }
}
