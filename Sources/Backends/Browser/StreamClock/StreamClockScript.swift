/// The page side of the stream clock (`web --clock stream`): a script installed before the
/// page's own that runs the page's timers on the stream's time instead of the host's.
///
/// It replaces `setTimeout`, `setInterval`, their `clear…`, `performance.now()` and `Date.now()`
/// with a clock only the driver moves: `window.__hingesimClock.advance(ms)` fires every timer
/// due by then, earliest first (ties in the order they were set), each at its own due time, and
/// leaves the clock at `ms`. Rendering (resize events, animation frames) stays the browser's;
/// the driver waits for the page to have seen each layout before it moves the clock on.
///
/// Why not Chromium's own virtual time (`Emulation.setVirtualTimePolicy`): measured on Debian's
/// Chromium 156, a page under virtual time gets its resize events only when a frame happens to
/// be produced (a size sent at 400 ms reached the page's handler at 1000 ms), the segments and
/// posture changes not at all, and `HeadlessExperimental.beginFrame`, which would produce the
/// frames, does not exist in the new headless mode. docs/web.md has the measurement.
public enum StreamClockScript {
  /// The script (idempotent: a second install does nothing).
  public static let source = """
    (() => {
      if (window.__hingesimClock) return;
      const nativeSetTimeout = window.setTimeout.bind(window);
      const timers = new Map();
      let nextId = 1;
      let now = Math.round(performance.now());
      const dateBase = Date.now() - now;
      const add = (fn, ms, args, repeat) => {
        const id = nextId++;
        const delay = Math.max(0, Number(ms) || 0);
        timers.set(id, { due: now + delay, fn, args, every: repeat ? Math.max(1, delay) : 0, order: id });
        return id;
      };
      window.setTimeout = (fn, ms, ...args) => add(fn, ms, args, false);
      window.setInterval = (fn, ms, ...args) => add(fn, ms, args, true);
      window.clearTimeout = window.clearInterval = (id) => { timers.delete(id); };
      performance.now = () => now;
      Date.now = () => dateBase + now;
      Object.defineProperty(window, "__hingesimClock", { value: Object.freeze({
        now: () => now,
        advance(to) {
          let fired = 0;
          for (;;) {
            let next = null;
            for (const [id, t] of timers) {
              if (t.due <= to && (!next || t.due < next.t.due || (t.due === next.t.due && t.order < next.t.order))) {
                next = { id, t };
              }
            }
            if (!next || fired >= 100000) break;
            const { id, t } = next;
            now = Math.max(now, t.due);
            if (t.every) { t.due += t.every; t.order = nextId++; } else { timers.delete(id); }
            fired++;
            if (typeof t.fn !== "function") continue;
            try { t.fn(...t.args); } catch (e) { nativeSetTimeout(() => { throw e; }, 0); }
          }
          now = Math.max(now, to);
          return fired;
        },
      }) });
    })();
    """

  /// An expression that resolves after two animation frames: the page's handlers of the frame
  /// after a change have run.
  public static let twoFrames =
    "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"

  /// An expression that resolves once the page's layout viewport is `width` × `height` with
  /// `segments` viewport segments and the device posture `posture`, and one more frame has
  /// run (the frame that dispatches `resize`); false after `timeoutMs` of real time.
  public static func seen(width: Int, height: Int, segments: Int, posture: String, timeoutMs: Int) -> String {
    """
    new Promise((resolve) => {
      let frames = 0;
      const begun = new Date().valueOf();  // the host's time: Date.now() is the stream's
      const ok = () => {
        const r = document.documentElement;
        const s = (window.viewport && window.viewport.segments) ? window.viewport.segments.length : 1;
        const p = navigator.devicePosture ? navigator.devicePosture.type : "\(posture)";
        const size = (r.clientWidth === \(width) && r.clientHeight === \(height))
          || matchMedia("(device-width: \(width)px) and (device-height: \(height)px)").matches;
        return size && s === \(segments) && p === "\(posture)";
      };
      const step = () => {
        if (ok()) { frames++; if (frames >= 2) return resolve(true); }
        if (new Date().valueOf() - begun > \(timeoutMs)) return resolve(false);
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    })
    """
  }
}
