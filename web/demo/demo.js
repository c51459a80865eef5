// The knob demo page: draws what `hingesim knob --web` pushes (Reports' LiveWebState) — the
// phone to scale in its pose with the fold and the reader's real pages, the hinge gauge, the
// settle countdown and the last timing record. No network, no framework.
"use strict";

(() => {
  const screen = document.getElementById("screen");
  const phone = document.getElementById("phone");
  const gauge = document.getElementById("gauge");
  const svg = "http://www.w3.org/2000/svg";
  let updates = 0;

  function el(tag, attrs, parent) {
    const e = document.createElementNS(svg, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.appendChild(e);
    return e;
  }

  // The gauge: a half circle over the hinge's range, a needle at the angle.
  function drawGauge(angle, range) {
    gauge.replaceChildren();
    el("path", { d: "M -100 0 A 100 100 0 0 1 100 0", fill: "none", stroke: "#4a4f58", "stroke-width": 10 }, gauge);
    if (angle === null) return;
    const t = Math.max(0, Math.min(1, (angle - range[0]) / (range[1] - range[0])));
    const a = Math.PI * (1 - t);
    const x = 100 * Math.cos(a), y = -100 * Math.sin(a);
    el("path", { d: `M -100 0 A 100 100 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`, fill: "none", stroke: "#9fb7ff",
      "stroke-width": 10 }, gauge);
    el("line", { x1: 0, y1: 0, x2: (x * 0.85).toFixed(2), y2: (y * 0.85).toFixed(2), stroke: "#e8e6e1",
      "stroke-width": 3, "stroke-linecap": "round" }, gauge);
  }

  function fact(name, value) {
    return `<dt>${name}</dt><dd>${value}</dd>`;
  }

  function fmt(ms) {
    return ms === null || ms === undefined ? "—" : `${ms.toFixed(1)} ms`;
  }

  function update(s) {
    updates++;
    document.body.dataset.updates = updates;
    document.body.dataset.pose = s.pose;
    drawGauge(s.angle, s.range);
    document.getElementById("angle").textContent = s.angle === null ? "no hinge" : `${s.angle.toFixed(1)}°`;
    document.getElementById("facts").innerHTML =
      fact("pose", s.pose) + fact("status", s.status) + fact("orientation", s.orientation) +
      fact("display", s.display + (s.inBurst ? " (resizing)" : "")) + fact("text size", s.textSize) +
      fact("time", `${(s.time / 1000).toFixed(2)} s`);

    // The phone: the reader frame to scale (points → pixels), the fold, the pages.
    const frame = s.frame || { width: 382, height: 620 };
    const area = document.getElementById("phone-area").getBoundingClientRect();
    const k = Math.min((area.width - 80) / frame.width, (area.height - 80) / frame.height, 1.6);
    Object.assign(screen.style, { width: frame.width + "px", height: frame.height + "px", transform: `scale(${k})` });
    Object.assign(phone.style, { width: frame.width * k + "px", height: frame.height * k + "px" });
    screen.replaceChildren();
    if (s.shown) {
      for (const p of s.shown.pages) {
        const page = document.createElement("div");
        page.className = "page";
        Object.assign(page.style, { left: p.x + "px", top: p.y + "px", width: p.width + "px", height: p.height + "px" });
        for (const text of p.lines) {
          const line = document.createElement("div");
          line.className = "line";
          line.textContent = text;
          // As wide as the reader measured it: its advance scale (the calibrated typography
          // narrows Inter to SF Pro's widths) applied to the drawn glyphs.
          Object.assign(line.style, {
            fontSize: (s.pointSize || 17) + "px", lineHeight: (s.lineAdvance || 22) + "px",
            transform: `scaleX(${s.advanceScale || 1})`, transformOrigin: "0 0",
          });
          page.appendChild(line);
        }
        const label = document.createElement("div");
        label.className = "label";
        label.textContent = `${p.index + 1} / ${s.shown.pageCount}`;
        page.appendChild(label);
        screen.appendChild(page);
      }
    }
    if (s.fold) {
      const fold = document.createElement("div");
      fold.className = "fold" + (s.fold.active ? "" : " flat");
      Object.assign(fold.style, { left: s.fold.x + "px", top: s.fold.y + "px", width: s.fold.width + "px",
        height: s.fold.height + "px" });
      screen.appendChild(fold);
    }

    // The settle countdown and the last settle cycle.
    const remaining = s.settle.remainingMs;
    document.getElementById("settle-bar").style.width =
      remaining === null ? "0" : `${(100 * remaining) / s.settle.windowMs}%`;
    document.getElementById("settle-label").textContent =
      remaining === null ? "settled" : `settling: ${remaining.toFixed(0)} ms to go`;
    const t = s.timing;
    document.getElementById("timing").innerHTML = t
      ? `last cycle: ${t.cause}<br>last size → shown ${fmt(t.lastSizeToShownMs)}<br>` +
        `cause → shown ${fmt(t.causeToShownMs)}<br>pagination ${fmt(t.paginationMs)}`
      : "no settle cycle yet";
  }

  window.hingesimDemo = { update };
})();
