/// JSON fields of a `timing` event (fields added later go at the end, so old readers' columns stay).
enum TimingRecordCoding {
  static func write(_ r: TimingRecord, into w: inout JSONObjectWriter) {
    w.field("cause", r.cause.name)
    w.field("causeTime", r.causeTime)
    w.field("firstChange", r.firstChange)
    w.field("lastChange", r.lastChange)
    w.field("firstSize", r.firstSize)
    w.field("lastSize", r.lastSize)
    w.field("sizes", r.sizes)
    w.field("settled", r.settled)
    w.field("queuedMs", r.queuedMs)
    w.field("paginationMs", r.paginationMs)
    w.field("computeClock", r.computeClock)
    w.field("cache", r.cache.rawValue)
    w.field("pageCount", r.pageCount)
    w.field("characters", r.characters)
    w.field("shown", r.shown)
    w.field("lastSizeToShownMs", r.lastSizeToShown)
    w.field("causeToShownMs", r.causeToShown)
    w.field("settleWaitMs", r.settleWait)
    w.field("lateStartMs", r.lateStartMs)
    w.field("paginatedToShownMs", r.paginatedToShownMs)
    w.field("paintedMs", r.paintedMs)
  }
}
