// The knob demo page: draws what `hingesim knob --web` pushes (Reports' LiveWebState) — the
// phone to scale in its pose with the fold and the reader's real pages, the hinge gauge, the
// settle countdown and the last timing record. No network, no framework.
// With `knob --virtual` the state carries `controls`, and the page becomes the knob too: the
// gauge can be dragged, the keys and the wheel turn it, the posture buttons jump, and what the
// user did is queued for hingesim, which takes it once a frame (takeInputs) and maps it like a
// physical knob's events.
"use strict";

(() => {
  const screen = document.getElementById("screen");
  const phone = document.getElementById("phone");
  const gauge = document.getElementById("gauge");
  const svg = "http://www.w3.org/2000/svg";
  let updates = 0;
  let last = null;
  // What the user did since hingesim last asked: {kind: "detents", n} | {kind: "position",
  // degrees} | {kind: "posture", name} | {kind: "button"} | {kind: "quit"}. At most 256 wait.
  const inputs = [];
  let dropped = 0;
  let wheel = 0;
  let dragging = false;

  function queue(input) {
    if (!last || !last.controls) return;
    if (inputs.length >= 256) { dropped++; return; }
    inputs.push(input);
  }

  function takeInputs() {
    return inputs.splice(0, inputs.length);
  }

  // A point on the gauge → the angle under it: the half circle runs from the range's lower end
  // (left) to its upper end (right); below the centre line it sticks to the nearer end.
  function gaugeAngle(event) {
    const m = gauge.getScreenCTM();
    if (!m || !last) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    const a = p.y > 0 ? (p.x < 0 ? Math.PI : 0) : Math.atan2(-p.y, p.x);
    const [lower, upper] = last.range;
    return lower + (1 - a / Math.PI) * (upper - lower);
  }

  gauge.addEventListener("pointerdown", (e) => {
    if (!last || !last.controls) return;
    dragging = true;
    gauge.classList.add("dragging");
    gauge.setPointerCapture(e.pointerId);
    const degrees = gaugeAngle(e);
    if (degrees !== null) queue({ kind: "position", degrees });
  });
  gauge.addEventListener("pointermove", (e) => {
    if (!dragging) return;
    const degrees = gaugeAngle(e);
    if (degrees !== null) queue({ kind: "position", degrees });
  });
  for (const type of ["pointerup", "pointercancel"]) {
    gauge.addEventListener(type, () => { dragging = false; gauge.classList.remove("dragging"); });
  }

  const keys = {
    ArrowRight: { kind: "detents", n: 1 }, ArrowUp: { kind: "detents", n: 1 },
    ArrowLeft: { kind: "detents", n: -1 }, ArrowDown: { kind: "detents", n: -1 },
    PageUp: { kind: "detents", n: 6 }, PageDown: { kind: "detents", n: -6 },
    Home: { kind: "posture", name: "closed" }, End: { kind: "posture", name: "flat" },
    1: { kind: "posture", name: "closed" }, 2: { kind: "posture", name: "half-open" }, 3: { kind: "posture", name: "flat" },
    Enter: { kind: "button" }, " ": { kind: "button" }, q: { kind: "quit" }, Q: { kind: "quit" },
  };
  document.addEventListener("keydown", (e) => {
    const input = keys[e.key];
    if (!input || !last || !last.controls || e.ctrlKey || e.altKey || e.metaKey) return;
    e.preventDefault();
    queue({ ...input });
  });

  // The wheel: one detent per 100 px of scrolling (a notch in Chromium), away from the user opens.
  document.addEventListener("wheel", (e) => {
    if (!last || !last.controls) return;
    e.preventDefault();
    wheel += e.deltaY * (e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1);
    const n = Math.trunc(wheel / 100);
    if (n !== 0) {
      wheel -= n * 100;
      queue({ kind: "detents", n: -n });
    }
  }, { passive: false });

  for (const button of document.querySelectorAll("#postures button")) {
    button.addEventListener("click", (e) => { queue({ kind: "posture", name: button.dataset.posture }); e.currentTarget.blur(); });
  }
  document.getElementById("knob-button").addEventListener("click", (e) => { queue({ kind: "button" }); e.currentTarget.blur(); });

  function showControls(s) {
    const controls = document.getElementById("controls");
    controls.hidden = !s.controls;
    gauge.classList.toggle("live", !!s.controls);
    if (!s.controls) return;
    document.getElementById("knob-button").textContent = `Press the knob (${s.controls.buttonAction})`;
    document.getElementById("keys").textContent =
      `drag the gauge · ← → one detent (${s.controls.detentDegrees.toFixed(1)}°) · PgUp PgDn six · wheel · ` +
      `Home End 1 2 3 postures · Enter or Space the button · q quits`;
    for (const button of document.querySelectorAll("#postures button")) {
      const degrees = s.controls.postures[button.dataset.posture];
      button.classList.toggle("current", s.angle !== null && Math.abs(s.angle - degrees) < 0.01);
      button.title = `${degrees}°`;
    }
  }

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
    last = s;
    updates++;
    document.body.dataset.updates = updates;
    document.body.dataset.pose = s.pose;
    drawGauge(s.angle, s.range);
    document.getElementById("angle").textContent = s.angle === null ? "no hinge" : `${s.angle.toFixed(1)}°`;
    showControls(s);
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

  window.hingesimDemo = { update, takeInputs, get dropped() { return dropped; } };
})();
