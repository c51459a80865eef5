// hingesim's adapter for Mozilla's PDF.js viewer: PDF.js's own events as app-log lines
// (docs/app-log.md), through the binding `hingesim web` installs. Injected before the viewer
// loads; it changes nothing in the viewer but turn the pages when the script turns them.
window.addEventListener("DOMContentLoaded", async () => {
  const app = window.PDFViewerApplication;
  await app.initializedPromise;
  const bus = app.eventBus, report = (type, fields) =>
    window.hingesimReport(JSON.stringify({ t: performance.now(), type, ...fields }));
  const box = (d, r = d.getBoundingClientRect()) => // the page without PDF.js's 9-px border
    ({ x: r.x + d.clientLeft, y: r.y + d.clientTop, width: d.clientWidth, height: d.clientHeight }), frame = () =>
    report("frame", { width: innerWidth, height: innerHeight });
  let last = "";
  const shown = () => {
    const viewer = app.pdfViewer, place = viewer.currentPageNumber - 1;
    if (!viewer.pagesCount || place < 0) return;
    const top = viewer.getPageView(place).div.getBoundingClientRect().top;  // the current row
    const row = viewer._getVisiblePages().views.map((v) => [v.id - 1, v.view.div])
      .filter(([, d]) => Math.abs(d.getBoundingClientRect().top - top) < 1).map(([p, d]) => [p, box(d)])
      .sort((a, b) => a[1].x - b[1].x).slice(0, 2);
    if (!row.length) return; // mid-scroll: the current page is not laid out yet
    const line = { offset: place, pages: row.map(([p]) => p), ranges: row.map(([p]) => [p, p + 1]),
      pageCount: viewer.pagesCount, layout: row.length === 2 ? "spread" : "single", frames: row.map(([, r]) => r), notes: "sheet" };
    const key = JSON.stringify(line);
    if (key !== last) { last = key; report("shown", line); }
  };
  const paginated = () => { const r = box(app.pdfViewer.getPageView(app.pdfViewer.currentPageNumber - 1).div);
    report("paginated", { pageWidth: r.width, pageHeight: r.height, pageCount: app.pdfViewer.pagesCount, ms: 0 }); };
  for (const name of ["pagesinit", "scalechanging"]) bus.on(name, () => { paginated(); shown(); });
  for (const name of ["pagechanging", "spreadmodechanged", "updateviewarea"]) bus.on(name, shown);
  addEventListener("resize", frame, true); // capture: the frame is logged before PDF.js lays out for it
  addEventListener("hingesim:turn", (e) => e.detail.direction === "next" ? app.pdfViewer.nextPage() : app.pdfViewer.previousPage());
  frame();
});
