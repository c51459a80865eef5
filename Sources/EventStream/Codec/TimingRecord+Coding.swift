/// JSON fields of a `timing` event.
enum TimingRecordCoding {
  static func write(_ r: TimingRecord, into w: inout JSONObjectWriter) {
    w.field("cause", r.cause.name)
    w.field("causeTime", r.causeTime)
    if let v = r.firstSize { w.field("firstSize", v) } else { w.null("firstSize") }
    if let v = r.lastSize { w.field("lastSize", v) } else { w.null("lastSize") }
    w.field("sizes", r.sizes)
    w.field("settled", r.settled)
    w.field("paginationMs", r.paginationMs)
    w.field("cache", r.cache.rawValue)
    w.field("pageCount", r.pageCount)
    w.field("characters", r.characters)
    w.field("shown", r.shown)
    if let v = r.lastSizeToShown { w.field("lastSizeToShownMs", v) } else { w.null("lastSizeToShownMs") }
    w.field("causeToShownMs", r.causeToShown)
    w.field("settleWaitMs", r.settleWait)
  }
}
