"use strict";
// The replay page's script. DATA (above) holds the verified games; see
// replay_page.go for its shape. The position after k moves is rebuilt from
// the position before the first move, so the slider can jump anywhere.
(function () {
  const $ = (id) => document.getElementById(id);
  const CLOSED = 0, OPEN = 1, FLAG = 2, BOOM = 3;
  let G = null;       // the game shown
  let cells = [];     // its div.cell elements, row-major
  let k = 0;          // moves applied
  let timer = null;   // the play interval, or null

  const cellName = (i) => "(" + Math.floor(i / G.cols) + "," + (i % G.cols) + ")";
  const fmtP = (p) => p.toFixed(3).replace(/\.?0+$/, "") || "0";

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function load(gi, startAt) {
    stop();
    G = DATA.games[gi];
    const board = $("board");
    board.textContent = "";
    const avail = Math.max(320, window.innerWidth - 80);
    const size = Math.max(14, Math.min(26, Math.floor(avail / G.cols) - 2));
    board.style.setProperty("--cell", size + "px");
    board.style.gridTemplateColumns = "repeat(" + G.cols + ", var(--cell))";
    cells = [];
    for (let i = 0; i < G.rows * G.cols; i++) {
      const c = el("div", "cell");
      c.dataset.i = i;
      c.dataset.r = Math.floor(i / G.cols);
      c.dataset.c = i % G.cols;
      c.setAttribute("role", "gridcell");
      board.appendChild(c);
      cells.push(c);
    }
    const guesses = G.moves.filter((m) => m.g).length;
    const first = G.moves.filter((m) => m.f).length;
    $("summary").textContent = G.level + " (" + G.rows + "\u00d7" + G.cols + ", " + G.mines + " mines), rules " +
      G.rules + ", seed " + G.seed + ": " + G.result + " after " + G.moves.length + " moves (" +
      (first ? "first click, " : "") + (G.moves.length - first - guesses) + " deduced, " + guesses + " guessed). Record line " + G.line + ".";
    const slider = $("slider");
    slider.max = G.moves.length;
    show(Math.max(0, Math.min(startAt || 0, G.moves.length)));
  }

  // position returns the state of every cell after the first n moves.
  function position(n) {
    const st = new Uint8Array(G.rows * G.cols);
    for (const i of G.initial) st[i] = OPEN;
    for (let j = 0; j < n; j++) {
      const m = G.moves[j];
      if (m.op === "flag") { st[m.c] = FLAG; continue; }
      if (m.b) { st[m.c] = BOOM; continue; }
      for (const i of m.o || []) st[i] = OPEN;
    }
    return st;
  }

  function show(n) {
    k = n;
    const st = position(n);
    const end = n === G.moves.length;
    const next = end ? null : G.moves[n];
    const heat = new Map();
    if (next && next.p && $("heat").checked) for (const [i, p] of next.p) heat.set(i, p);
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i], h = G.hints[i];
      let s = ["closed", "open", "flag", "boom"][st[i]];
      if (end && s === "closed" && h < 0) s = "mine";
      if (end && s === "flag" && h >= 0) s = "wrongflag";
      c.dataset.state = s;
      c.className = "cell";
      c.textContent = s === "open" && h > 0 ? String(h) : "";
      if (s === "open" && h > 0) c.classList.add("h" + h);
      let title = cellName(i);
      if (s === "closed" && heat.has(i)) {
        const p = heat.get(i);
        c.classList.add("heat");
        c.style.setProperty("--heat", "hsl(" + Math.round(140 * (1 - p)) + " 70% " + Math.round(68 - 8 * p) + "%)");
        title += " p(mine) " + fmtP(p);
      } else {
        c.style.removeProperty("--heat");
      }
      c.title = title;
    }
    if (n > 0) cells[G.moves[n - 1].c].classList.add("last");
    if (next) cells[next.c].classList.add("next");
    $("slider").value = n;
    $("pos").textContent = n + " / " + G.moves.length;
    describe($("reason"), n > 0 ? G.moves[n - 1] : null, n, true);
    describe($("next"), next, n + 1, false);
    $("back").disabled = $("first").disabled = n === 0;
    $("step").disabled = $("last").disabled = end;
    if (end) stop();
  }

  // describe writes move m (number num, 1-based) into p.
  function describe(p, m, num, last) {
    p.textContent = "";
    if (!m) {
      if (last) {
        p.append("The position before the first move: " + G.initial.length + " cells open" +
          (G.rules === "seed" ? " by the seed rules." : "."));
      } else {
        p.append(el("span", "tag end", G.result), "The game is over. ");
        p.append(G.result === "won" ? "Every safe cell is open." :
          G.result === "lost" ? "A guess opened a mine." : "The player stopped without a move it could justify.");
        p.append(" The mines are shown.");
      }
      return;
    }
    const boom = last && m.b; // the next-move panel does not give the outcome away
    const kind = boom ? ["boom", "mine hit"] : m.g ? ["guess", "guess"] : m.f ? ["first", "first click"] : ["deduced", "deduced"];
    p.append(el("span", "tag " + kind[0], kind[1]));
    p.append(el("b", "", "Move " + num + ": " + m.op + " " + cellName(m.c)));
    if (!m.g) p.append(", because: ", el("span", "why", m.why));
    else if (m.n) p.append(", chosen ", el("span", "why", m.n));
    if (m.p && m.p.length) {
      let mine = null, best = null;
      for (const [i, q] of m.p) {
        if (i === m.c) { mine = q; continue; }
        const better = m.op === "flag" ? q > (best ? best[1] : -1) : q < (best ? best[1] : 2);
        if (better) best = [i, q];
      }
      let s = ". ";
      if (mine !== null) s += "p(mine) " + fmtP(mine) + "; ";
      if (best) s += "runner-up " + cellName(best[0]) + " at " + fmtP(best[1]) + "; ";
      s += m.p.length + " closed cells estimated.";
      p.append(s);
    } else if (m.g) {
      p.append(" (no probabilities recorded).");
    }
    if (last && m.o && m.o.length > 1) p.append(" Opened " + m.o.length + " cells.");
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $("play").disabled = false;
    $("pause").disabled = true;
  }

  function play() {
    if (!G || timer !== null) return;
    if (k === G.moves.length) show(0);
    $("play").disabled = true;
    $("pause").disabled = false;
    timer = setInterval(() => { if (k < G.moves.length) show(k + 1); else stop(); }, Number($("speed").value));
  }

  const sel = $("game");
  DATA.games.forEach((g, i) => sel.append(new Option(g.label, String(i))));
  if (DATA.games.length < 2) $("game-label").hidden = true;
  $("source").textContent = DATA.source;
  sel.addEventListener("change", () => load(Number(sel.value), 0));
  $("first").addEventListener("click", () => { stop(); show(0); });
  $("back").addEventListener("click", () => { stop(); if (k > 0) show(k - 1); });
  $("step").addEventListener("click", () => { stop(); if (k < G.moves.length) show(k + 1); });
  $("last").addEventListener("click", () => { stop(); show(G.moves.length); });
  $("play").addEventListener("click", play);
  $("pause").addEventListener("click", stop);
  $("speed").addEventListener("change", () => { if (timer !== null) { stop(); play(); } });
  $("slider").addEventListener("input", (e) => { stop(); show(Number(e.target.value)); });
  $("heat").addEventListener("change", () => show(k));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type === "range") return;
    const keys = { ArrowRight: "step", ArrowLeft: "back", Home: "first", End: "last" };
    if (keys[e.key]) { $(keys[e.key]).click(); e.preventDefault(); }
    if (e.key === " ") { timer === null ? play() : stop(); e.preventDefault(); }
  });

  // A link may name the game and move: replay.html#game=2&move=10.
  const h = new URLSearchParams(location.hash.slice(1));
  const gi = Math.max(0, Math.min(DATA.games.length - 1, (Number(h.get("game")) || 1) - 1));
  sel.value = String(gi);
  load(gi, Number(h.get("move")) || 0);
})();
