// The bundled web reader: the reference reader's rules (docs/reader.md, DESIGN §6) with the
// web's foldable APIs, reporting in the app-log format (docs/app-log.md) through the
// driver's binding `hingesimReport`.
//
// - The place is a character offset (UTF-16, as JavaScript strings count).
// - Every resize is reported as a `frame`; pagination runs 200 ms after the last change of
//   size, fold, posture or text size, then the page holding the place is `shown`.
// - One page or two by the fold, not by device, as the reader model decides (PageGeometry):
//   two pages when the viewport has two segments side by side (a vertical fold, active or
//   not) with room for a `minimumWidth` page on each side — else one page on the roomier
//   side — or when the view is wider than tall and regular (at least 700 px wide) without a
//   fold, split at the middle. A horizontal fold with the device `folded` (the Device Posture
//   API) is tabletop: one page above it; held flat (open tall) it is in no one's way and one
//   page fills the reader.
// - Both pages of a spread get the narrower segment's size; pages are inset `edgeInset` from
//   the edges and `foldInset` from the fold. A spread starts on an even page; in a
//   right-to-left text (`direction: "rtl"`, the text's own as the model resolves it) its first
//   page is right of the fold and the notes go left of it.
// - Notes (`hingesim:notes` `{open}`): with a vertical fold and room, one page in the leading
//   region and the notes beside it in the trailing one; otherwise a sheet over the lower part.
// - No line is cut at a page's bottom: a page's height is a whole number of lines.
// - Page turns come only from the driver's `hingesim:turn` event, never from a resize.
// - In regular width no page is wider than `maxTextWidth` (the design kit's 600 pt; 0: no
//   limit): a single or tabletop page is centred in its room, a spread's pages stay at the fold.
// - The library's sidebar (`hingesim:sidebar`) takes `sidebarWidth` from the reader's left
//   side in regular width — two segments side by side, or at least `regularWidth` wide — and the pages are
//   laid out again at once (no size is in flux); `hingesim:chapter` moves the place to where
//   the chapter starts (`chapterStarts`).
//
// The driver gives the text and settings before the page loads (window.hingesimConfig);
// opened by hand, the page reads ?text= from its URL or shows a short sample.
"use strict";

(() => {
  const config = Object.assign(
    {
      text: "",
      edgeInset: 20,
      foldInset: 20,
      settleMs: 200,
      regularWidth: 700,
      textSize: { name: "large", pointSize: 17, lineHeight: 22 },
      sidebarWidth: 280,
      maxTextWidth: 0,
      chapterStarts: [],
      chapterTitles: [],
      minimumWidth: 0,
      direction: "ltr",
    },
    window.hingesimConfig || {},
  );
  if (!config.text) {
    config.text = new URLSearchParams(location.search).get("text") ||
      "Open the reader with hingesim web, which gives it the chapter.";
  }
  const text = config.text;
  const reader = document.getElementById("reader");
  const library = document.getElementById("library");
  const measure = document.getElementById("measure");

  // Reporting: one app-log line per event, `t` on this page's monotonic clock.
  const log = (window.hingesimLog = []);
  function report(type, fields) {
    const line = JSON.stringify(Object.assign({ t: performance.now(), type }, fields));
    log.push(line);
    if (typeof window.hingesimReport === "function") window.hingesimReport(line);
  }

  // The text as paragraphs (one per line), each remembering its first offset.
  const paragraphs = [];
  {
    let start = 0;
    for (const line of text.split("\n")) {
      paragraphs.push({ start, text: line, index: paragraphs.length });
      start += line.length + 1;
    }
  }
  const columns = document.createElement("div");
  columns.className = "columns";
  const dir = config.direction === "rtl" ? "rtl" : "ltr";
  for (const p of paragraphs) {
    const el = document.createElement("p");
    el.dir = dir;
    el.textContent = p.text;
    p.node = el.firstChild; // null for an empty line
    columns.appendChild(el);
  }
  measure.appendChild(columns);

  let state = {
    offset: 0,
    pages: [], // [start, end) per page
    key: null, // page size and text size of `pages`
    geometry: null,
    visible: [],
    sidebar: "hide",
    notesOpen: false,
  };
  let timer = null;

  // --- Geometry ------------------------------------------------------------------------

  // The layout viewport: the reader's frame. (innerWidth follows the pinch-zoom scale a
  // mobile viewport may keep from an earlier size; the root element's client box does not.)
  function viewportSize() {
    const root = document.documentElement;
    return { width: root.clientWidth, height: root.clientHeight };
  }

  function segments() {
    const s = window.viewport && window.viewport.segments;
    return s && s.length >= 2 ? Array.from(s) : null;
  }

  // Regular width, as the profiles' size classes have it: two segments side by side (a vertical
  // fold: open or book), or a view at least `regularWidth` wide. Stacked segments — a flip
  // phone's horizontal fold held upright — are a compact window, as the model has it.
  function regular() {
    const s = segments();
    return (s !== null && Math.abs(s[0].y - s[1].y) < 1) || viewportSize().width >= config.regularWidth;
  }

  // The sidebar's width now: shown, and the window regular.
  function sidebarWidth() {
    if (state.sidebar !== "show") return 0;
    return regular() ? config.sidebarWidth : 0;
  }

  // The layout for the current viewport less the sidebar, narrowed in regular width to
  // `maxTextWidth`: a single or tabletop page centred, a spread's pages kept at the fold.
  function geometry() {
    const g = roomGeometry();
    const cap = config.maxTextWidth;
    if (!regular() || !(cap > 0) || g.width <= cap) return g;
    const cut = g.width - cap;
    g.frames = g.frames.map((f, i) => {
      const x = g.kind !== "spread" ? f.x + cut / 2 : i === 0 ? f.x + cut : f.x;
      return { x, y: f.y, width: cap, height: f.height };
    });
    g.width = cap;
    return g;
  }

  function folded() {
    return navigator.devicePosture ? navigator.devicePosture.type === "folded" : false;
  }

  // The layout for the current viewport less the sidebar: kind, page size and one frame per
  // page slot in reading order, in the reader's coordinates (its left edge at the sidebar's right).
  function roomGeometry() {
    const viewport = viewportSize();
    const s = sidebarWidth();
    const W = viewport.width - s, H = viewport.height;
    const e = config.edgeInset, f = config.foldInset;
    const rtl = config.direction === "rtl";
    const segs = segments();
    if (segs && segs[1].x > segs[0].x && segs[0].width + segs[0].x - s > 0) {
      // A vertical fold: one page per segment, both of the narrower room's size.
      const foldStart = segs[0].x + segs[0].width - s, foldEnd = segs[1].x - s;
      const leftRoom = foldStart - f - e, rightRoom = W - foldEnd - f - e;
      const height = H - 2 * e;
      const roomy = Math.min(leftRoom, rightRoom) >= config.minimumWidth;
      if (roomy && state.notesOpen) {
        const width = rtl ? rightRoom : leftRoom;
        return { kind: "single", width, height, notes: "trailing",
          frames: [{ x: rtl ? foldEnd + f : e, y: e, width, height }] };
      }
      if (roomy) {
        const width = Math.min(leftRoom, rightRoom);
        const left = { x: foldStart - f - width, y: e, width, height };
        const right = { x: foldEnd + f, y: e, width, height };
        return { kind: "spread", width, height, notes: "trailing", frames: rtl ? [right, left] : [left, right] };
      }
      const width = Math.max(1, leftRoom, rightRoom);
      return { kind: "single", width, height, notes: "sheet",
        frames: [{ x: leftRoom >= rightRoom ? e : foldEnd + f, y: e, width, height }] };
    }
    if (segs && segs[1].y > segs[0].y && folded()) {
      // A horizontal fold, folded: tabletop, one page above it.
      const foldTop = segs[0].y + segs[0].height;
      const width = W - 2 * e, height = foldTop - e - f;
      return { kind: "tabletop", width, height, notes: "sheet", frames: [{ x: e, y: e, width, height }] };
    }
    if (!segs && W > H && viewport.width >= config.regularWidth && W / 2 - e - f >= config.minimumWidth) {
      // Wide and regular without a fold: a spread split at the middle.
      const width = W / 2 - e - f, height = H - 2 * e;
      const left = { x: e, y: e, width, height }, right = { x: W / 2 + f, y: e, width, height };
      return { kind: "spread", width, height, notes: "sheet", frames: rtl ? [right, left] : [left, right] };
    }
    return { kind: "single", width: W - 2 * e, height: H - 2 * e, notes: "sheet",
      frames: [{ x: e, y: e, width: W - 2 * e, height: H - 2 * e }] };
  }

  // --- Pagination ----------------------------------------------------------------------

  // The paragraph holding offset i (binary search).
  function paragraphAt(i) {
    let lo = 0, hi = paragraphs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (paragraphs[mid].start <= i) lo = mid; else hi = mid - 1;
    }
    return paragraphs[lo];
  }

  // The column (page) character i falls in; a character with no box of its own (a line
  // break, collapsed white space) counts with the next one that has a box.
  const range = document.createRange();
  function columnOf(i, origin, width) {
    for (let j = i; j < text.length; j++) {
      const p = paragraphAt(j);
      const k = j - p.start;
      if (!p.node || k >= p.text.length) continue;
      range.setStart(p.node, k);
      range.setEnd(p.node, k + 1);
      const rects = range.getClientRects();
      if (rects.length > 0 && (rects[0].width > 0 || rects[0].height > 0)) {
        return Math.floor((rects[0].left - origin + 0.5) / width);
      }
    }
    return Infinity;
  }

  function paginate(width, height) {
    const started = performance.now();
    columns.style.width = width + "px";
    columns.style.height = height + "px";
    columns.style.columnWidth = width + "px";
    const origin = columns.getBoundingClientRect().left;
    const count = Math.max(1, Math.ceil((columns.scrollWidth - 0.5) / width));
    const starts = [0];
    for (let k = 1; k < count; k++) {
      // The first offset whose column is k or later.
      let lo = starts[k - 1] + 1, hi = text.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (columnOf(mid, origin, width) >= k) hi = mid; else lo = mid + 1;
      }
      if (lo >= text.length) break;
      starts.push(lo);
    }
    const pages = starts.map((s, k) => [s, k + 1 < starts.length ? starts[k + 1] : text.length]);
    return { pages, ms: performance.now() - started };
  }

  // --- Showing -------------------------------------------------------------------------

  function pageHolding(offset) {
    const pages = state.pages;
    let lo = 0, hi = pages.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pages[mid][0] <= offset) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  function show(first) {
    const g = state.geometry;
    const count = state.pages.length;
    const visible = g.kind === "spread" ? [first, first + 1].filter((k) => k < count) : [first];
    state.visible = visible;
    reader.style.left = g.sidebar + "px";
    if (library) {
      library.style.width = g.sidebar + "px";
      library.style.display = g.sidebar > 0 ? "block" : "none";
    }
    markChapter();
    reader.replaceChildren();
    visible.forEach((k, slot) => {
      const frame = g.frames[slot];
      const page = document.createElement("div");
      page.className = "page";
      Object.assign(page.style, {
        left: frame.x + "px", top: frame.y + "px", width: frame.width + "px", height: frame.height + "px",
      });
      page.appendChild(pageText(state.pages[k], g.width, g.height));
      page.dataset.page = k;
      reader.appendChild(page);
    });
    placeNotes(g);
    report("shown", {
      offset: state.offset,
      pages: visible,
      ranges: visible.map((k) => state.pages[k]),
      pageCount: count,
      layout: g.kind,
      frames: visible.map((_, slot) => g.frames[slot]),
      notes: g.notes,
    });
    // The first frame painted with this layout: the first animation frame's callbacks run
    // before the frame that paints the new DOM, the second's at the start of the next one, once
    // that frame is done. Real time only: on the stream clock (`__hingesimClock`) the page's
    // clock stands still while it renders, so the time would say nothing about painting.
    if (!window.__hingesimClock) {
      requestAnimationFrame(() => requestAnimationFrame(() => report("painted", {})));
    }
  }

  // A page's own text, paragraph by paragraph from its first character: line breaking is
  // greedy and local to each line, so the slice breaks where the columns did (and lays out
  // one page of text, not the whole chapter again).
  function pageText([start, end], width, height) {
    const box = document.createElement("div");
    box.className = "columns";
    Object.assign(box.style, { width: width + "px", height: height + "px" });
    for (let p = paragraphAt(start); p && p.start < end; p = paragraphs[p.index + 1]) {
      const el = document.createElement("p");
      el.dir = dir;
      el.textContent = p.text.slice(Math.max(0, start - p.start), end - p.start);
      box.appendChild(el);
    }
    return box;
  }

  // The fold band, where the viewport's segments leave a gap (for people and screenshots).
  const fold = document.createElement("div");
  fold.id = "fold";
  document.body.appendChild(fold);
  function drawFold() {
    const segs = segments();
    fold.style.display = segs ? "block" : "none";
    if (!segs) return;
    const [a, b] = segs;
    const vertical = b.x > a.x;
    Object.assign(fold.style, vertical
      ? { left: a.x + a.width + "px", top: "0px", width: b.x - a.x - a.width + "px", height: "100%" }
      : { left: "0px", top: a.y + a.height + "px", width: "100%", height: b.y - a.y - a.height + "px" });
  }

  // The notes, when open: beside the page in the trailing region, or a sheet over the lower part.
  const notes = document.getElementById("notes");
  function placeNotes(g) {
    if (!notes) return;
    notes.className = state.notesOpen ? g.notes : "";
    if (!state.notesOpen || g.notes !== "trailing") {
      Object.assign(notes.style, { left: "", top: "", width: "", height: "" });
      return;
    }
    const segs = segments();
    const s = g.sidebar;
    const rtl = config.direction === "rtl";
    const left = rtl ? s : segs[1].x;
    const right = rtl ? segs[0].x + segs[0].width : viewportSize().width;
    Object.assign(notes.style, { left: left + "px", top: "0px", width: right - left + "px", height: "100%" });
  }

  // The library's list: one entry per chapter, the chapter holding the place marked.
  const list = document.createElement("ol");
  if (library) library.appendChild(list);
  config.chapterStarts.forEach((start, i) => {
    const item = document.createElement("li");
    item.textContent = config.chapterTitles[i] || "Chapter " + (i + 1);
    item.dataset.start = start;
    list.appendChild(item);
  });
  function markChapter() {
    let current = -1;
    config.chapterStarts.forEach((start, i) => { if (start <= state.offset) current = i; });
    Array.from(list.children).forEach((item, i) => item.classList.toggle("current", i === current));
  }

  // The first page to show for the place: the page holding it, or the even page of its spread.
  function firstPageFor(offset) {
    const k = pageHolding(offset);
    return state.geometry.kind === "spread" ? k - (k % 2) : k;
  }

  function repaginate() {
    timer = null;
    const g = Object.assign(geometry(), { sidebar: sidebarWidth() });
    const key = `${g.width}x${g.height}@${config.textSize.name}`;
    // A change that leaves the layout as it is (a posture with the same segments) shows nothing new.
    if (key === state.key && JSON.stringify(g) === JSON.stringify(state.geometry)) return;
    state.geometry = g;
    drawFold();
    // A new layout is always answered with a `paginated`: laid out anew, or the pages of the
    // same size and text size kept (`cached`), as the model answers a settle from its cache.
    if (key !== state.key) {
      const result = paginate(g.width, g.height);
      state.pages = result.pages;
      state.key = key;
      report("paginated", {
        pageWidth: g.width, pageHeight: g.height, pageCount: result.pages.length, ms: result.ms,
        textSize: config.textSize.name,
      });
    } else {
      report("paginated", {
        pageWidth: g.width, pageHeight: g.height, pageCount: state.pages.length, ms: 0,
        textSize: config.textSize.name, cached: true,
      });
    }
    show(firstPageFor(state.offset));
  }

  // Every change of size, fold, posture or text size restarts the 200-ms debounce.
  function changed() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(repaginate, config.settleMs);
  }

  let lastFrame = null;
  function frameChanged() {
    const frame = viewportSize();
    if (!lastFrame || frame.width !== lastFrame.width || frame.height !== lastFrame.height) {
      report("frame", frame);
      lastFrame = frame;
    }
    changed();
  }

  window.addEventListener("resize", frameChanged);
  if (window.viewport && "onsegmentschange" in window.viewport) {
    window.viewport.addEventListener("segmentschange", changed);
  }
  if (navigator.devicePosture) navigator.devicePosture.addEventListener("change", changed);
  window.addEventListener("hingesim:textsize", (e) => {
    config.textSize = e.detail;
    changed();
  });

  // A turn moves by a page or a spread, then the place is the first character on screen.
  window.addEventListener("hingesim:turn", (e) => {
    if (!state.pages.length) return;
    const step = state.geometry.kind === "spread" ? 2 : 1;
    const first = state.visible[0] + (e.detail.direction === "prev" ? -step : step);
    if (first < 0 || first >= state.pages.length) return;
    state.offset = state.pages[first][0];
    show(first);
  });
  window.addEventListener("hingesim:goto", (e) => {
    state.offset = Math.max(0, Math.min(text.length, e.detail.offset | 0));
    if (state.pages.length) show(firstPageFor(state.offset));
  });

  // The sidebar changes the reader's frame and nothing else: lay out again now, unless sizes
  // are still coming (then the debounce running will).
  window.addEventListener("hingesim:sidebar", (e) => {
    const before = sidebarWidth();
    state.sidebar = e.detail.mode === "show" ? "show" : "hide";
    report("navigation", { detail: "sidebar " + state.sidebar });
    if (sidebarWidth() === before || !state.geometry) return;
    if (timer === null) repaginate(); else changed();
  });
  // Opening or closing the notes changes the layout beside a vertical fold: laid out again
  // after the debounce, as a change of size is.
  window.addEventListener("hingesim:notes", (e) => {
    state.notesOpen = !!e.detail.open;
    changed();
  });
  window.addEventListener("hingesim:chapter", (e) => {
    const start = config.chapterStarts[(e.detail.id | 0) - 1];
    if (start === undefined) return;
    state.offset = start;
    report("navigation", { detail: "chapter " + (e.detail.id | 0) });
    if (state.pages.length) show(firstPageFor(state.offset));
  });

  frameChanged();
})();
