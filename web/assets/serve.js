'use strict';
// minesat's page: the analyse view edits a position and shows
// POST /api/analyze's advice; the play view plays a game the server holds.
// See docs/api.md and docs/page.md.

const $ = id => document.getElementById(id);
const FLAG = 9, CLOSED = -1;
let pending = 0; // requests in flight; body[data-busy] while any is

async function api(method, path, body) {
  pending++;
  document.body.dataset.busy = '1';
  try {
    const res = await transport.call(method, path, body);
    const data = res.status === 204 ? null : res.data;
    if (res.status < 200 || res.status > 299 || (data === null && res.status !== 204)) throw apiError(res.status, data);
    return data;
  } finally {
    if (--pending === 0) delete document.body.dataset.busy;
  }
}

// transport is the one way api() reaches the API (docs/api.md): call(method,
// path, body) resolves to {status, data}, data the JSON answer. The page of
// 'minesat serve' asks the server; the static site of 'minesat site' (which
// sets window.minesatSite) asks the same API compiled to WebAssembly, in
// Web Workers (siteTransport).
const transport = window.minesatSite ? siteTransport() : { call: fetchCall };

async function fetchCall(method, path, body) {
  const opt = { method, headers: {}, credentials: 'same-origin' };
  if (body !== undefined) { opt.body = JSON.stringify(body); opt.headers['Content-Type'] = 'application/json'; }
  const res = await fetch(path, opt);
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  return { status: res.status, data };
}

// siteTransport answers the API in the browser. Two workers run the module:
// one analyses positions (POST /api/analyze) and is ended when a new
// analysis supersedes a running one (the module cannot be interrupted),
// a spare worker started beside a long analysis taking over; the other
// holds the games. A game is also kept in localStorage as its level,
// rules, seed and moves, and played again into the games worker when that
// worker does not hold it (after a reload), so the page keeps its id.
// restarts counts the analysis workers ended.
function siteTransport() {
  const module = WebAssembly.compileStreaming(fetch('minesat.wasm'));
  module.then(() => { t.compiled = performance.now(); }, () => {});
  const KEY = 'minesat-games', KEEP = 8, SPARE = 150;
  let seq = 0;
  const t = { restarts: 0, analysis: null, games: null, spare: null, live: new Map(), compiled: 0, offline: null };
  // worker starts one module worker; send(m) posts m and resolves to its
  // answer; born and up are the times it was made and came up.
  function worker() {
    const w = new Worker('worker.js'), waiting = new Map();
    const x = { born: performance.now(), up: 0 };
    const ready = new Promise((ok, fail) => {
      w.onmessage = e => {
        const m = e.data;
        if (m.ready) { x.up = performance.now(); ok(); }
        else if (m.failed) fail(new Error('the WebAssembly module did not start: ' + m.failed));
        else if (waiting.has(m.id)) { waiting.get(m.id).ok(m); waiting.delete(m.id); }
      };
      w.onerror = e => fail(new Error('the worker failed: ' + e.message));
    });
    module.then(mod => w.postMessage({ module: mod }));
    return Object.assign(x, {
      ready, waiting,
      send(m) { return new Promise((ok, fail) => { m.id = ++seq; waiting.set(m.id, { ok, fail }); w.postMessage(m); }); },
      end() { w.terminate(); for (const q of waiting.values()) q.fail(new Error('superseded')); waiting.clear(); },
    });
  }
  const answer = m => ({ status: m.status, data: m.status === 204 ? null : JSON.parse(m.body) });
  // analyse runs an analysis, ending the worker of one still running.
  t.analyse = async (method, path, body) => {
    const analysis = method === 'POST' && path === '/api/analyze';
    if (analysis && t.analysis && t.analysis.running) { t.analysis.end(); t.analysis = t.spare; t.spare = null; t.restarts++; }
    if (!t.analysis) t.analysis = worker();
    const w = t.analysis;
    if (analysis) {
      w.running = (w.running || 0) + 1;
      // An analysis still running after SPARE ms may be superseded: a
      // spare worker starts beside it, to take over at once.
      setTimeout(() => { if (w.running && w === t.analysis && !t.spare) t.spare = worker(); }, SPARE);
    }
    try {
      const res = answer(await w.send({ method, path, body }));
      // The service worker copies the site for offline use once the page
      // has answered: not before, where it would slow the first answer.
      if (analysis && !t.offline && 'serviceWorker' in navigator) t.offline = navigator.serviceWorker.register('sw.js').catch(() => {});
      return res;
    } catch (e) {
      return { status: 503, data: { error: { code: 'out_of_time', message: 'stopped: a newer analysis took its place' } } };
    } finally {
      if (analysis) w.running--;
    }
  };
  const stored = () => { try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { return {}; } };
  const store = games => { try { localStorage.setItem(KEY, JSON.stringify(games)); } catch (e) { /* storage full or off: the game lives on in the worker */ } };
  // keep records game id's entry (null drops it), keeping the KEEP used last.
  function keep(id, entry) {
    const games = stored();
    if (entry) games[id] = Object.assign(entry, { used: Date.now() }); else delete games[id];
    const ids = Object.keys(games).sort((a, b) => games[b].used - games[a].used);
    for (const old of ids.slice(KEEP)) delete games[old];
    store(games);
  }
  // restore plays stored game id again into the games worker; its new id there.
  async function restore(id) {
    const g = stored()[id];
    if (!g) return null;
    const made = answer(await t.games.send({ method: 'POST', path: '/api/games', body: g.create }));
    if (made.status !== 201) return null;
    const wid = made.data.id;
    for (const [op, cell] of g.moves) {
      await t.games.send({ method: 'POST', path: '/api/games/' + wid + '/' + op, body: cell ? { cell } : {} });
    }
    return wid;
  }
  // game sends a game request, its page id mapped to the worker's, and
  // records what it changed.
  t.game = async (method, path, body) => {
    if (!t.games) t.games = worker();
    const m = /^\/api\/games\/([^/?]+)(\/[a-z]+)?/.exec(path);
    const id = m && m[1];
    let wid = id && t.live.get(id);
    if (id && !wid && (wid = await restore(id))) t.live.set(id, wid);
    const res = answer(await t.games.send({ method, path: id && wid ? path.replace(id, wid) : path, body }));
    if (res.data && res.data.id) res.data.id = id || res.data.id;
    if (res.status < 300 && res.data && res.data.id) try { localStorage.setItem(KEY + '-current', res.data.id); } catch (e) { /* storage off */ }
    if (res.status === 201) {
      const g = res.data;
      t.live.set(g.id, g.id);
      keep(g.id, { create: { level: g.level, rules: g.rules, seed: g.seed, no_guess: g.no_guess }, moves: [] });
    } else if (id && method === 'DELETE') keep(id, null);
    else if (id && res.status === 200 && m[2] && method === 'POST') {
      const op = m[2].slice(1), e = stored()[id];
      if (e) {
        e.moves.push(op === 'hint' ? ['open', res.data.hint.cell] : op === 'undo' ? ['undo'] : [op, body.cell]);
        keep(id, e);
      }
    }
    return res;
  };
  // current is the id of the game played last, for a reload to resume.
  t.current = () => { try { const id = localStorage.getItem(KEY + '-current'); return id && stored()[id] ? id : null; } catch (e) { return null; } };
  t.call = (method, path, body) => path.startsWith('/api/games') ? t.game(method, path, body) : t.analyse(method, path, body);
  return t;
}

// ERROR_WORDS are the page's words for the API's error codes (docs/api.md).
const ERROR_WORDS = {
  bad_request: 'The server did not take the request',
  bad_position: 'The position does not read',
  board_too_large: 'The board is larger than this server takes',
  forbidden_host: 'The server does not answer this address',
  cross_origin: 'The server refused a request from another site',
  not_found: 'The server has no such page',
  no_game: 'The server does not hold this game: start a new one',
  method_not_allowed: 'The server refused the request',
  body_timeout: 'The request took too long to arrive',
  game_over: 'The game is over',
  illegal_move: 'That move cannot be played',
  no_move: 'No move to recommend',
  think_too_long: 'The server does not think that long: pick a shorter time',
  gone: 'The server let this game go after a long time unused: start a new one',
  too_large: 'The request is larger than the server takes',
  not_json: 'The server refused the request',
  no_solution: 'No layout of the mines fits',
  internal: 'The server failed',
  busy: 'The server is busy: try again in a moment',
  out_of_time: 'Out of time: nothing found within the server\'s time budget',
  full: 'The server holds all the games it can: try again later',
};
// ERROR_DETAIL are the codes whose message the page shows after its
// words: the message says where or why (a line and column, a cell, a flag
// to blame).
const ERROR_DETAIL = new Set(['bad_request', 'bad_position', 'board_too_large', 'illegal_move', 'no_move', 'no_solution', 'internal']);

// apiError is a refusal of the API as an Error: its message the page's
// words for the code (with the server's message after them for the codes
// of ERROR_DETAIL), its code the code ('' for an answer that is not one).
function apiError(status, data) {
  const e = (data && data.error) || {};
  let words = ERROR_WORDS[e.code] || 'The server gave an answer the page does not know (' + status + ')';
  if (ERROR_DETAIL.has(e.code) && e.message) words += ': ' + e.message;
  return Object.assign(new Error(words), { code: e.code || '', status });
}

// plain writes a line of the analysis for a player: a hint that "needs
// -1 more mines" has one flag too many around it.
function plain(m) {
  m = String(m).replace(/needs -(\d+) more mines?/g, (_, n) => 'has ' + n + ' flag' + (n === '1' ? '' : 's') + ' too many around it');
  return m.charAt(0).toUpperCase() + m.slice(1);
}

const pct = p => {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const x = p * 100;
  return (x < 1 ? '<1' : x > 99 ? '>99' : Math.round(x)) + '%';
};
// sci writes a decimal count of any length as 3.2e65 when it is long.
const sci = s => {
  s = String(s);
  if (s.length <= 9) return s;
  const m = (+(s[0] + '.' + s.slice(1, 4))).toFixed(1);
  return m === '10.0' ? '1.0e' + s.length : m + 'e' + (s.length - 1);
};
const cellName = c => '(' + c[0] + ',' + c[1] + ')';
const esc = s => String(s).replace(/[&<>"]/g, ch => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[ch]));
const key = c => c[0] + ',' + c[1];

// neighbours returns the cells around (r, c) on a rows x cols board.
function neighbours(rows, cols, r, c) {
  const out = [];
  for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
    const rr = r + dr, cc = c + dc;
    if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) out.push([rr, cc]);
  }
  return out;
}

// Zoom scales the cell size the viewport allows.
let zoom = 1;

// cellSize is the cell size in pixels that fits a rows x cols board
// beside the panel (or above it on a narrow screen), times the zoom.
// On a phone (600 px or narrower) a cell is at least PHONE_CELL pixels,
// a finger's width, and the board scrolls.
function cellSize(rows, cols) {
  const wide = window.innerWidth > 900;
  const w = window.innerWidth - (wide ? 360 + 80 : 40) - 8;
  const h = Math.max(260, window.innerHeight - (wide ? 190 : 230));
  const fit = Math.floor(Math.min(w / cols, h / rows)) - 1;
  const least = window.innerWidth <= 600 ? PHONE_CELL : 8;
  return Math.max(6, Math.round(Math.min(34, Math.max(least, fit)) * zoom));
}
const PHONE_CELL = 24;

// HEAT is the heat map's scale: [mine chance, hue, saturation,
// lightness] stops, pale yellow through orange, red and purple to dark
// blue, so that chances 0.1 apart get visibly different colours (green is
// kept for the cells proved safe).
const HEAT = [[0, 58, 90, 84], [0.15, 46, 92, 68], [0.3, 32, 92, 60], [0.5, 12, 85, 54], [0.65, -10, 70, 44],
  [0.8, -38, 55, 36], [0.9, -100, 50, 34], [1, -115, 45, 20]];

// heatStop returns the colour of mine chance p as [hue, saturation,
// lightness], between the HEAT stops around it.
function heatStop(p) {
  let k = 1;
  while (k < HEAT.length - 1 && p > HEAT[k][0]) k++;
  const a = HEAT[k - 1], b = HEAT[k], t = Math.max(0, Math.min(1, (p - a[0]) / (b[0] - a[0])));
  return [1, 2, 3].map(i => a[i] + (b[i] - a[i]) * t);
}
// HEAT_CACHE holds the colour of each chance in thousandths, made once:
// a 100x100 heat map then costs a look-up a cell.
const HEAT_CACHE = [];
function heatOf(p) {
  const k = Math.round(p * 1000);
  if (!HEAT_CACHE[k]) {
    const [h, s, l] = heatStop(k / 1000);
    HEAT_CACHE[k] = { colour: 'hsl(' + Math.round((h + 360) % 360) + ' ' + Math.round(s) + '% ' + Math.round(l) + '%)', dark: l < 50 };
  }
  return HEAT_CACHE[k];
}
const heatColour = p => heatOf(p).colour;
// heatDark is true when chance p's colour needs light ink.
const heatDark = p => heatOf(p).dark;

// CANVAS is the board size (cells) from which a board is painted on a
// canvas rather than built as elements: 100x100 then draws in a few
// milliseconds.
const CANVAS = 2500;

// drawBoard draws el as rows x cols cells. look(r, c) gives {state,
// text}; advice (or null) paints the heat map and the recommended cell;
// opt: pct (write the chances), cursor ([r, c] or null), rec (the cell to
// highlight, null for none; advice's own move when undefined and heat),
// heat (paint the chances), blame (keys of cells to mark). Up to CANVAS
// cells, every cell is a div.cell with data-r, data-c, data-state and
// classes for its marks; larger boards are one canvas (cellAt maps a
// pointer event to its cell either way).
function drawBoard(el, rows, cols, look, advice, opt) {
  opt = opt || {};
  const size = cellSize(rows, cols);
  const heat = opt.heat && advice && advice.satisfiable;
  const probs = heat ? advice.probabilities : null;
  const rec = opt.rec !== undefined ? opt.rec : (heat && advice.move ? advice.move.cell : null);
  const set = xs => new Set((xs || []).map(key));
  const forcedMine = heat ? set(advice.forced_mines) : new Set();
  const forcedSafe = heat ? set(advice.forced_safe) : new Set();
  const dead = heat ? set(advice.dead) : new Set();
  const fifty = heat ? set(advice.pseudo_fifty_fifties) : new Set();
  const blame = opt.blame || new Set();
  // The candidates of a race for the game, by cell.
  const raced = new Map((opt.think && opt.think.candidates || []).map(c => [key(c.cell), c]));
  let lo = 1, nLo = 0, nAll = 0;
  if (probs) for (const row of probs) for (const p of row) if (p != null && p > 0 && p < 1) {
    nAll++;
    if (p < lo - 1e-9) { lo = p; nLo = 1; } else if (p - lo < 1e-9) nLo++;
  }
  // The safest undecided cells are outlined when they stand out (fewer
  // than a third of the undecided cells).
  const outline = nLo * 3 < nAll;
  const cur = opt.cursor;
  const cells = new Array(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const v = look(r, c), k = r + ',' + c;
    const x = { state: v.state, text: v.text, marks: [], bg: '', pv: null, p: null };
    if (v.state === 'open') { x.marks.push('h' + v.text); if (v.text === '0') x.text = ''; }
    if (v.state === 'closed') {
      let p = probs && probs[r] ? probs[r][c] : null;
      if (p == null && forcedMine.has(k)) p = 1;
      if (p == null && forcedSafe.has(k)) p = 0;
      if (p != null) {
        if (p <= 0) x.marks.push('safe');
        else if (p >= 1) x.marks.push('fmine');
        else {
          x.bg = heatColour(p);
          if (heatDark(p)) x.marks.push('dark');
          if (outline && p - lo < 1e-9) x.marks.push('best');
          if (opt.pct) x.p = pct(p);
        }
        x.pv = p;
      }
      if (dead.has(k)) x.marks.push('dead');
      if (fifty.has(k)) x.marks.push('fifty');
    }
    if (blame.has(k)) x.marks.push('blame');
    if (raced.has(k)) { x.marks.push('raced'); x.win = raced.get(k); x.w = pct(x.win.win); }
    if (rec && rec[0] === r && rec[1] === c) x.marks.push('rec');
    if (cur && cur[0] === r && cur[1] === c) x.marks.push('cur');
    cells[r * cols + c] = x;
  }
  el.dataset.rows = rows; el.dataset.cols = cols; el.dataset.size = size;
  if (rows * cols > CANVAS) paintCanvas(el, rows, cols, size, cells);
  else buildCells(el, rows, cols, size, cells);
}

// titleOf says what is known of cell x at (r, c): its tooltip.
function titleOf(x, r, c) {
  const t = [];
  if (x.pv != null) t.push(cellName([r, c]) + ': mine chance ' + (x.pv * 100).toFixed(1) + '%' + (x.pv <= 0 ? ' (proved safe)' : x.pv >= 1 ? ' (proved a mine)' : ''));
  if (x.marks.includes('dead')) t.push('dead: opening it tells nothing new');
  if (x.marks.includes('fifty')) t.push('part of a 50/50 no move can settle');
  if (x.marks.includes('blame')) t.push('to blame for the conflict');
  if (x.win) t.push(winWords(x.win));
  return t.join('; ');
}

// buildCells writes the cells as elements in one innerHTML.
function buildCells(el, rows, cols, size, cells) {
  el.classList.remove('canvas');
  el.setAttribute('role', 'grid');
  el.style.setProperty('--cell', size + 'px');
  el.style.fontSize = Math.round(size * 0.55) + 'px';
  const parts = [];
  for (let r = 0; r < rows; r++) {
    parts.push(r ? '</div><div class="row" role="row">' : '<div class="row" role="row">');
    for (let c = 0; c < cols; c++) {
      const x = cells[r * cols + c], title = x.pv != null || x.marks.length ? titleOf(x, r, c) : '';
      parts.push('<div role="gridcell" class="cell' + (x.marks.length ? ' ' + x.marks.join(' ') : '') + '" data-r="' + r + '" data-c="' + c + '" data-state="' + x.state + '"' +
        (x.bg ? ' style="background-color:' + x.bg + '"' : '') + (title ? ' title="' + title + '"' : '') + '>' +
        (x.p ? '<span class="p">' + x.p + '</span>' : x.text) + (x.w ? '<span class="w">' + x.w + '</span>' : '') + '</div>');
    }
  }
  el.innerHTML = parts.join('') + '</div>';
}

// The colours of the canvas, as serve.css gives the elements.
const INK = { h1: '#1a56db', h2: '#137a3a', h3: '#c81e1e', h4: '#3b2a8f', h5: '#8a1c1c', h6: '#0e7490', h7: '#111', h8: '#4b5563' };
const FILL = { closed: '#7c8698', flag: '#7c8698', open: '#eef0f4', mine: '#4b5563', boom: '#d92d20', wrongflag: '#fbe3a8' };

// paintCanvas paints the cells on one canvas, a pixel between cells;
// hovering a cell shows its title.
function paintCanvas(el, rows, cols, size, cells) {
  let cv = el.firstElementChild;
  if (!cv || cv.tagName !== 'CANVAS') {
    el.innerHTML = '<canvas></canvas>';
    cv = el.firstElementChild;
    cv.addEventListener('mousemove', e => { const q = cellAt(e); cv.title = q && el._cells ? titleOf(el._cells[q[0] * (+el.dataset.cols) + q[1]], q[0], q[1]) : ''; });
  }
  el.classList.add('canvas');
  el.setAttribute('role', 'img');
  el._cells = cells;
  const pitch = size + 1, dpr = window.devicePixelRatio || 1;
  const w = cols * pitch + 1, h = rows * pitch + 1;
  if (cv.width !== Math.round(w * dpr) || cv.height !== Math.round(h * dpr)) {
    cv.width = Math.round(w * dpr); cv.height = Math.round(h * dpr);
    cv.style.width = w + 'px'; cv.style.height = h + 'px';
  }
  const g = cv.getContext('2d');
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.fillStyle = '#c9ced8';
  g.fillRect(0, 0, w, h);
  g.textAlign = 'center'; g.textBaseline = 'middle';
  g.font = '700 ' + Math.round(size * 0.6) + 'px system-ui, sans-serif';
  const stroke = (x, y, colour, width) => { g.strokeStyle = colour; g.lineWidth = width; g.strokeRect(x + width / 2, y + width / 2, size - width, size - width); };
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const x = cells[r * cols + c], px = 1 + c * pitch, py = 1 + r * pitch, m = x.marks;
    g.fillStyle = x.bg || FILL[x.state];
    g.fillRect(px, py, size, size);
    let text = x.text, ink = '#111';
    if (x.state === 'open') ink = INK['h' + x.text] || ink;
    else if (x.state === 'flag') ink = '#fff';
    else if (x.state === 'wrongflag') ink = '#b42318';
    else if (x.state === 'mine' || x.state === 'boom') ink = '#fff';
    if (m.length) {
      if (m.includes('safe')) { g.fillStyle = '#c8ecd3'; g.fillRect(px, py, size, size); stroke(px, py, '#137a3a', Math.max(1, size / 10)); text = '\u2713'; ink = '#0b5a2a'; }
      if (m.includes('fmine')) { text = '\u2691'; ink = 'rgba(122,16,16,.55)'; }
      if (m.includes('best')) stroke(px, py, '#0b6b2e', Math.max(1, size / 10));
      if (m.includes('dead')) { g.fillStyle = m.includes('dark') ? 'rgba(255,255,255,.5)' : 'rgba(0,0,0,.3)'; for (let d = 3; d < 2 * size; d += 4) g.fillRect(px + Math.max(0, d - size), py + Math.max(0, size - d), 1, 1); }
      if (m.includes('fifty')) { text = '\u00bd'; ink = '#3b2a8f'; }
      if (m.includes('blame')) stroke(px, py, '#d92d20', Math.max(2, size / 7));
      if (m.includes('raced')) stroke(px, py, '#1a56db', Math.max(1, size / 10));
      if (m.includes('rec')) stroke(px, py, '#1a56db', Math.max(2, size / 6));
      if (m.includes('cur')) { g.setLineDash([2, 2]); stroke(px, py, '#111', 1); g.setLineDash([]); }
    }
    if (x.p && size >= 18) { text = x.p; ink = m.includes('dark') ? '#fff' : '#111'; }
    if (text && size >= 7) { g.fillStyle = ink; g.fillText(text, px + size / 2, py + size / 2 + 1); }
    if (x.state === 'wrongflag') { g.strokeStyle = '#111'; g.lineWidth = 1; g.beginPath(); g.moveTo(px + 2, py + 2); g.lineTo(px + size - 2, py + size - 2); g.moveTo(px + size - 2, py + 2); g.lineTo(px + 2, py + size - 2); g.stroke(); }
  }
}

// cellAt returns the [row, col] of the board cell a pointer event is on,
// or null.
function cellAt(e) {
  const d = e.target.closest('.cell');
  if (d) return [+d.dataset.r, +d.dataset.c];
  if (e.target.tagName !== 'CANVAS') return null;
  const el = e.target.parentElement, b = e.target.getBoundingClientRect(), pitch = +el.dataset.size + 1;
  const r = Math.floor((e.clientY - b.top - 1) / pitch), c = Math.floor((e.clientX - b.left - 1) / pitch);
  return r >= 0 && r < +el.dataset.rows && c >= 0 && c < +el.dataset.cols ? [r, c] : null;
}

// ruleWords says in plain words why a move is safe.
const ruleWords = {
  'unit': 'a hint next to it already has all its mines, or needs every other closed cell',
  'resolution': 'two or more hints together leave it no room for a mine',
  'global count': 'counting the mines left settles it',
  'pair': 'a pair of hints settles it',
  'sat': 'no layout that fits the hints has a mine there (the SAT solver proved it)',
  'first click': 'the rules make the first click safe',
};

// moveHTML describes the recommended move m: plain words first, the
// clauses on demand.
function moveHTML(m, verb) {
  let h = '<p class="move" id="rec-move">' + verb + ' ' + cellName(m.cell) + (m.forced ? ': safe' : ': a guess, mine chance ' + pct(m.p)) + '</p>';
  if (m.forced) h += '<p class="why">' + esc(m.rule === 'first click' ? m.why.replace(/^first click \(\d+,\d+\): /, '') : 'Proved safe: ' + (ruleWords[m.rule] || m.rule) + '.') + '</p>';
  else {
    h += '<p class="why">Nothing is safe for certain. ' + esc(guessWords(m)) + '</p>';
  }
  if (m.rule !== 'first click' && (m.why || (m.proof && m.proof.length))) {
    h += '<details><summary>Why, step by step</summary>' + (m.why ? '<p class="why">' + esc(m.why) + '</p>' : '') +
      (m.proof && m.proof.length ? '<pre>' + esc(m.proof.join('\n')) + '</pre>' : '') + '</details>';
  }
  return h;
}

function guessWords(m) {
  switch (m.chosen) {
    case 'endgame': return 'The endgame search looked at every way to finish: this cell wins most often' + (m.score != null ? ' (' + pct(m.score) + ' of the time)' : '') + '.';
    case 'fifty-fifty': return 'A 50/50 no move can settle: better to take it now.';
    case 'lookahead': return 'Safe enough, and most likely to open more for the next move' + (m.score != null ? ' (chance to survive this move and the next ' + pct(m.score) + ')' : '') + '.';
    case 'probability': return 'The cell least likely to be a mine.';
    case 'think': return 'Raced for the game: each candidate was opened on layouts drawn from the position and the game played on to its end; this one' +
      (m.think && m.think.candidates && m.think.candidates.length && key(m.think.candidates[0].cell) !== key(m.cell) ? ' beat the guesser\'s pick clearly' : ' is the guesser\'s pick, which no other beat clearly') +
      (m.score != null ? ' (it won ' + pct(m.score) + ' of its games)' : '') + '.';
  }
  return 'Chosen by ' + (m.chosen || 'the guesser') + (m.method ? ' (' + m.method + ')' : '') + '.';
}

// thinkHTML lists the candidates a race for the game weighed (m.think):
// each one's mine chance and chance to win with its 95% interval, or why
// the guess was not raced; '' when no race was asked.
function thinkHTML(m) {
  const th = m.think;
  if (!th) return '';
  if (th.stopped === 'skipped') return '<p class="help" id="think-skipped">Not raced: ' + esc(th.skipped) + '.</p>';
  const why = { time: 'the time was up', deadline: 'the server\'s time budget ran out', decided: 'the others were clearly worse', rollouts: 'the most games a race plays' }[th.stopped] || th.stopped;
  let h = '<h3>Chance to win</h3><table id="think"><tr><th>cell</th><th>mine chance</th><th>wins the game</th><th>games</th></tr>';
  th.candidates.forEach((c, k) => {
    h += '<tr' + (key(c.cell) === key(m.cell) ? ' class="pick"' : '') + ' title="' + winWords(c) + '"><td>' + cellName(c.cell) + (k === 0 ? '*' : '') + '</td><td>' + pct(c.p) + '</td><td>' +
      pct1(c.win) + ' <span class="ci">[' + pct1(c.low) + ', ' + pct1(c.high) + ']</span></td><td>' + c.rollouts + '</td></tr>';
  });
  return h + '</table><p class="help">* the guesser\'s own pick. ' + plural(th.rollouts, 'game', 'games') + ' played on in ' + (th.elapsed_ms / 1000).toFixed(1) +
    ' s, stopped as ' + why + '; [low, high] is the 95% interval of each chance.</p>';
}

// winWords says a race's estimate for candidate c in a sentence.
const winWords = c => 'won ' + c.wins + ' of ' + c.rollouts + ' games played on from it: chance to win ' + pct1(c.win) + ' (95% interval ' + pct1(c.low) + ' to ' + pct1(c.high) + ')';

// pct1 writes a chance in percent to a tenth.
const pct1 = p => (p * 100).toFixed(1) + '%';

// candidatesHTML ranks the undecided cells: the agent's pick and
// runner-up first (with their scores), then the safest others.
function candidatesHTML(a) {
  const m = a.move;
  if (!m || m.forced || !a.probabilities) return '';
  const rows = [[m.cell, m.p, m.score, 'pick']];
  if (m.runner_up) rows.push([m.runner_up, m.runner_up_p, m.runner_up_score, 'runner-up']);
  const seen = new Set(rows.map(x => key(x[0])));
  const rest = [];
  a.probabilities.forEach((row, r) => row.forEach((p, c) => { if (p != null && p > 0 && p < 1 && !seen.has(r + ',' + c)) rest.push([[r, c], p, null, '']); }));
  rest.sort((x, y) => x[1] - y[1] || x[0][0] - y[0][0] || x[0][1] - y[0][1]);
  const list = rows.concat(rest.slice(0, 8 - rows.length));
  const scoreName = m.chosen === 'endgame' ? 'chance to win' : m.chosen === 'lookahead' ? 'score' : '';
  let h = '<h3>Candidate guesses</h3><table id="candidates"><tr><th>cell</th><th>mine chance</th>' + (scoreName ? '<th>' + scoreName + '</th>' : '') + '<th></th></tr>';
  for (const [cell, p, score, what] of list) {
    h += '<tr' + (what === 'pick' ? ' class="pick"' : '') + '><td>' + cellName(cell) + '</td><td>' + (p != null ? (p * 100).toFixed(1) + '%' : '') + '</td>' +
      (scoreName ? '<td>' + (score != null ? (scoreName === 'chance to win' ? (score * 100).toFixed(1) + '%' : score.toFixed(3)) : '') + '</td>' : '') + '<td>' + what + '</td></tr>';
  }
  return h + '</table>';
}

// adviceHTML describes advice a for a panel.
function adviceHTML(a, elapsed, heat, noMove) {
  if (!a) return '';
  if (!a.satisfiable) return '<h2>No layout fits</h2><p class="error" id="conflict">' + esc(plain(a.conflict || 'no layout agrees with the hints')) + '</p>' +
    (blameOf(a).size ? '<p class="help">The cells to blame are outlined in red.</p>' : '');
  let h = '';
  if (noMove) h += '<h2>Analysis</h2>';
  else if (a.move) h += '<h2>Recommended move</h2>' + moveHTML(a.move, 'Open') + (thinkHTML(a.move) || candidatesHTML(a));
  else h += '<h2>No move</h2><p class="why">No closed cell is left, or nothing can be proved and guessing is off.</p>';
  h += '<dl>';
  if (a.count) h += '<dt>layouts</dt><dd id="layouts" title="' + esc(a.count) + '">' + sci(a.count) + '</dd>';
  h += '<dt>mines</dt><dd>' + (a.mines == null ? 'unknown' : a.mines) + (a.mines == null ? '' : ', ' + (a.mines - a.flags) + ' left') + ' (' + a.flags + ' flagged), ' + a.unknown + ' closed cells</dd>';
  const n = xs => (xs || []).length;
  h += '<dt>proved</dt><dd>' + n(a.forced_safe) + ' safe, ' + n(a.forced_mines) + ' mines</dd>';
  if (n(a.pseudo_fifty_fifties)) h += '<dt>50/50s</dt><dd>' + n(a.pseudo_fifty_fifties) + ' cells (&frac12; on the board)</dd>';
  if (n(a.dead)) h += '<dt>dead cells</dt><dd>' + n(a.dead) + ' (hatched on the board)</dd>';
  if (elapsed != null) h += '<dt>time</dt><dd>' + elapsed.toFixed(1) + ' ms</dd>';
  h += '</dl>';
  for (const s of a.incomplete || []) h += '<p class="warn">Incomplete: ' + esc(plain(s)) + '</p>';
  if (heat) h += '<div class="legend"><span><span class="sw safe" style="box-shadow:inset 0 0 0 2px #137a3a"></span>proved safe</span>' +
    '<span><span class="sw" style="background:#7c8698;color:#fff">&#9873;</span>proved mine</span>' +
    '<span><span class="sw" style="box-shadow:inset 0 0 0 2px #0b6b2e;background:hsl(58 90% 84%)"></span>safest</span><span>0%</span><span class="bar"></span><span>100%</span>' +
    '<span><span class="sw dead"></span>dead</span><span>&frac12; 50/50</span><span>hover a cell for its chance</span></div>';
  return h;
}

// blameOf returns the keys of the cells a conflict message names.
function blameOf(a) {
  const s = new Set();
  if (a && !a.satisfiable && a.conflict) for (const m of a.conflict.matchAll(/\((\d+),(\d+)\)/g)) s.add(m[1] + ',' + m[2]);
  return s;
}

// ---- Analyse ----

// A is the analyse view's position; done is the text of the position
// its advice is for.
const A = { rows: 8, cols: 8, mines: '10', cells: [], seq: 0, timer: 0, advice: null, done: '', cur: [0, 0], elapsed: null, error: '' };

function aNew() {
  const rows = Math.max(1, Math.min(100, parseInt($('a-rows').value, 10) || 1));
  const cols = Math.max(1, Math.min(100, parseInt($('a-cols').value, 10) || 1));
  $('a-rows').value = rows; $('a-cols').value = cols;
  A.rows = rows; A.cols = cols; A.mines = $('a-mines').value.trim();
  A.cells = new Array(rows * cols).fill(CLOSED);
  A.advice = null; A.cur = [0, 0];
  aChanged();
}

// gridRows returns the position's rows as text: . closed, F flag, 0-8.
const gridRows = () => Array.from({ length: A.rows }, (_, r) =>
  A.cells.slice(r * A.cols, (r + 1) * A.cols).map(v => v === CLOSED ? '.' : v === FLAG ? 'F' : String(v)).join(''));

function aText() {
  const m = A.mines === '' || A.mines === '?' ? '?' : A.mines;
  return 'mines ' + m + '\n' + gridRows().join('\n') + '\n';
}

function aDraw() {
  drawBoard($('a-board'), A.rows, A.cols, (r, c) => {
    const v = A.cells[r * A.cols + c];
    if (v === CLOSED) return { state: 'closed', text: '' };
    if (v === FLAG) return { state: 'flag', text: '\u2691' };
    return { state: 'open', text: String(v) };
  }, A.advice, { heat: true, pct: $('a-pct').checked, cursor: A.cur, blame: blameOf(A.advice), think: A.advice && A.advice.move ? A.advice.move.think : null });
}

function aChanged() {
  if (document.activeElement !== $('a-text')) $('a-text').value = aText();
  aDraw();
  clearTimeout(A.timer);
  A.timer = setTimeout(aAnalyze, 120);
}

async function aAnalyze() {
  const seq = ++A.seq, text = aText();
  try {
    // With think on, the recommended guess is raced for the game: a new
    // edit ends the race, as it ends any analysis still running.
    const ms = +$('a-think').value;
    const res = await api('POST', '/api/analyze', ms > 0 ? { puzzle: text, think_ms: ms } : { puzzle: text });
    if (seq !== A.seq) return;
    A.advice = res.advice; A.elapsed = res.elapsed_ms;
    $('a-panel').innerHTML = adviceHTML(res.advice, res.elapsed_ms, true);
  } catch (e) {
    if (seq !== A.seq) return;
    A.advice = null;
    $('a-panel').innerHTML = '<p class="error">' + esc(e.message) + '</p>';
  }
  A.done = text;
  aDraw();
}

// maxHint is the largest hint cell i can show: its neighbours not open.
function maxHint(i) {
  const r = Math.floor(i / A.cols), c = i % A.cols;
  return neighbours(A.rows, A.cols, r, c).filter(([rr, cc]) => { const v = A.cells[rr * A.cols + cc]; return v === CLOSED || v === FLAG; }).length;
}

// aSet sets cell i to v (CLOSED, FLAG or a hint), refusing a hint larger
// than the cell's closed neighbours; it reports whether it did.
function aSet(i, v) {
  if (v >= 0 && v <= 8) {
    const most = maxHint(i), all = neighbours(A.rows, A.cols, Math.floor(i / A.cols), i % A.cols).length;
    if (v > most) {
      $('a-msg').textContent = 'Refused: ' + cellName([Math.floor(i / A.cols), i % A.cols]) + ' cannot show ' + v + ': ' +
        (most === all ? 'it has ' + all + ' neighbours' : 'only ' + most + ' of its ' + all + ' neighbours are closed') + '.';
      return false;
    }
  }
  $('a-msg').textContent = '';
  A.cells[i] = v;
  aChanged();
  return true;
}

// aCycle steps cell i through closed, the hints it can have, flag.
function aCycle(i, dir) {
  const most = maxHint(i), order = [CLOSED];
  for (let n = 0; n <= most; n++) order.push(n);
  order.push(FLAG);
  let k = order.indexOf(A.cells[i]);
  k = k < 0 ? 0 : (k + dir + order.length) % order.length;
  aSet(i, order[k]);
}

function aMove(dr, dc) {
  A.cur = [Math.max(0, Math.min(A.rows - 1, A.cur[0] + dr)), Math.max(0, Math.min(A.cols - 1, A.cur[1] + dc))];
  aDraw();
}

// aLoad reads the text grid s into the board; false (and the server's
// word on what is wrong) when it is not a grid this page can edit.
function aLoad(s) {
  const lines = s.split(/\r?\n/).map(l => l.replace(/#.*/, '').trim()).filter(l => l);
  let mines = '?';
  if (lines.length && /^mines\b/.test(lines[0])) mines = lines.shift().slice(5).trim();
  const rows = lines.map(l => (l.replace(/[ \t]/g, '').match(/-1|[.F0-8]/g) || []));
  if (!rows.length || rows.length > 100 || rows[0].length > 100 || rows.some(r => r.length !== rows[0].length) ||
      rows.some((r, k) => r.join('') !== lines[k].replace(/[ \t]/g, ''))) {
    api('POST', '/api/analyze', { puzzle: s })
      .then(res => { $('a-panel').innerHTML = '<p class="warn">Analysed as given, but only the grid form can be edited here.</p>' + adviceHTML(res.advice, res.elapsed_ms); })
      .catch(e => { $('a-panel').innerHTML = '<p class="error">Not loaded: ' + esc(e.message) + '</p>'; });
    return false;
  }
  A.rows = rows.length; A.cols = rows[0].length; A.mines = mines === '?' ? '' : mines;
  $('a-rows').value = A.rows; $('a-cols').value = A.cols; $('a-mines').value = A.mines;
  A.cells = [].concat(...rows.map(r => r.map(ch => ch === '.' || ch === '-1' ? CLOSED : ch === 'F' ? FLAG : +ch)));
  A.advice = null; A.cur = [0, 0];
  $('a-text').blur();
  aChanged();
  return true;
}

$('a-board').addEventListener('click', e => {
  const q = cellAt(e); if (!q) return;
  const [r, c] = q;
  A.cur = [r, c];
  aCycle(r * A.cols + c, 1);
});
$('a-board').addEventListener('contextmenu', e => {
  const q = cellAt(e); if (!q) return;
  e.preventDefault();
  const [r, c] = q, i = r * A.cols + c;
  A.cur = [r, c];
  aSet(i, A.cells[i] === FLAG ? CLOSED : FLAG);
});
$('a-board').addEventListener('keydown', e => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const i = A.cur[0] * A.cols + A.cur[1];
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  // After a value the cursor steps right, to the next row at the end.
  const next = () => { if (A.cur[1] < A.cols - 1) aMove(0, 1); else if (A.cur[0] < A.rows - 1) { A.cur = [A.cur[0] + 1, 0]; aDraw(); } };
  if (arrows[e.key]) aMove(...arrows[e.key]);
  else if (/^[0-8]$/.test(e.key)) { if (aSet(i, +e.key)) next(); }
  else if (e.key === 'f' || e.key === 'F') { aSet(i, A.cells[i] === FLAG ? CLOSED : FLAG); next(); }
  else if (e.key === '.' || e.key === ' ' || e.key === 'Backspace' || e.key === 'Delete') { aSet(i, CLOSED); if (e.key !== 'Backspace') next(); }
  else return;
  e.preventDefault();
});
document.addEventListener('paste', e => {
  if ($('analyze-view').hidden || /^(INPUT|TEXTAREA)$/.test(e.target.tagName)) return;
  const s = e.clipboardData.getData('text');
  if (s) { e.preventDefault(); aLoad(s); }
});
$('a-new').addEventListener('click', aNew);
$('a-clear').addEventListener('click', () => { A.cells.fill(CLOSED); aChanged(); });
$('a-mines').addEventListener('change', () => { A.mines = $('a-mines').value.trim(); aChanged(); });
$('a-pct').addEventListener('change', aDraw);
$('a-think').addEventListener('change', aChanged);
$('a-load').addEventListener('click', () => aLoad($('a-text').value));
$('a-share').addEventListener('click', () => share('#pos=' + encodeURIComponent(A.mines === '' ? '?' : A.mines) + ':' + gridRows().join('/'), $('a-msg')));

// share puts hash in the address and tries to copy the link.
function share(hash, msgEl) {
  history.replaceState(null, '', hash);
  const url = location.href;
  msgEl.textContent = 'Link: ' + url;
  if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => { msgEl.textContent = 'Copied the link: ' + url; }, () => {});
}

// ---- Play ----

// P is the play view: the game as the server last answered, the advice
// on hand (for the position P.game shows), the hint shown, the cursor
// and the timer; and what repeats the game when the server no longer
// holds it: its board (spec: level, rules, seed, noGuess) and the
// player's moves (P.moves, as the link writes them), kept in the tab's
// sessionStorage. P.base counts the server's moves before the player's
// (a repeated no-guess board's first click). Clicks wait in P.queue and
// run one at a time, in order; P.gen changes with the game, and an answer
// for an older game is dropped.
const P = { game: null, advice: null, hint: null, cur: [0, 0], t0: 0, tEnd: 0, tick: 0, busy: false, note: '',
  queue: [], gen: 0, starting: false, spec: null, moves: [], base: 0, clicks: 0, assisted: false, flagMode: false, press: null };

const playLook = g => (r, c) => {
  const ch = g.board[r][c];
  switch (ch) {
    case '.': return { state: 'closed', text: '' };
    case 'F': return { state: 'flag', text: '\u2691' };
    // A won game shows its mines as flags.
    case '*': return g.outcome === 'won' ? { state: 'flag', text: '\u2691' } : { state: 'mine', text: '\u2739' };
    case 'X': return { state: 'boom', text: '\u2739' };
    case '!': return { state: 'wrongflag', text: '\u2691' };
  }
  return { state: 'open', text: ch };
};

function pDraw() {
  const g = P.game;
  if (!g) return;
  const on = g.outcome === 'unfinished';
  drawBoard($('p-board'), g.rows, g.cols, playLook(g), on ? P.advice : null,
    { heat: on && heatOn(), pct: $('p-pct').checked, cursor: P.cur, rec: on && P.hint ? P.hint.cell : null, blame: on ? blameOf(P.advice) : null,
      think: on && P.hint ? P.hint.think : null });
}

// pSeconds is the time played: from the first move, less the time spent
// on a finished game before an undo took its last move back.
const pSeconds = () => P.t0 ? ((P.tEnd || Date.now()) - P.t0) / 1000 : 0;
function pTime() { $('p-time').textContent = Math.floor(pSeconds()); }

// plural writes n and the word, in the singular for 1.
const plural = (n, one, many) => n + ' ' + (n === 1 ? one : many);

// noteOf says why g came without the analysis asked for: the page's
// words for the note's code, or for more flags than mines its own.
function noteOf(g) {
  if (g.flags > g.mines) return 'No analysis: ' + plural(g.flags, 'flag', 'flags') + ' but ' + plural(g.mines, 'mine', 'mines') + ': take some flags off';
  const words = ERROR_WORDS[g.note_code];
  if (!words) return plain(g.note);
  return ERROR_DETAIL.has(g.note_code) ? words + ': ' + g.note.replace(/^no analysis: /, '') : words;
}

// bbbv returns the 3BV of a won board (every safe cell open): its
// openings (the regions of 0s with their border) and the numbers no
// opening reaches, the fewest clicks that clear it.
function bbbv(board) {
  const rows = board.length, cols = board[0].length, seen = new Uint8Array(rows * cols);
  const open = (r, c) => board[r][c] >= '0' && board[r][c] <= '8';
  let n = 0;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    if (board[r][c] !== '0' || seen[r * cols + c]) continue;
    n++;
    seen[r * cols + c] = 1;
    const todo = [[r, c]];
    while (todo.length) {
      const [rr, cc] = todo.pop();
      for (const [nr, nc] of neighbours(rows, cols, rr, cc)) {
        if (seen[nr * cols + nc] || !open(nr, nc)) continue;
        seen[nr * cols + nc] = 1;
        if (board[nr][nc] === '0') todo.push([nr, nc]);
      }
    }
  }
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (open(r, c) && !seen[r * cols + c]) n++;
  return n;
}

// resultHTML describes a won game: time, 3BV, 3BV/s, efficiency (3BV
// per click) and whether undo, hints or the heat map helped.
function resultHTML(g) {
  const t = pSeconds(), b = bbbv(g.board);
  return '<h2>Won</h2><p class="why" id="p-result">' + g.mines + ' mines, ' + t.toFixed(1) + ' s, 3BV ' + b +
    ', 3BV/s ' + (t > 0 ? (b / t).toFixed(2) : '\u2013') + ', efficiency ' + (P.clicks ? Math.round(100 * b / P.clicks) + '%' : '\u2013') +
    ' (' + plural(P.clicks, 'click', 'clicks') + ')' + (P.assisted ? ', <b class="assisted">assisted</b> (undo, hints or the heat map were used)' : '') +
    '. "Restart" plays the same board again.</p>';
}

// pShow shows state g (or keeps the one shown) and a message.
function pShow(g, err) {
  if (g) {
    if (!P.game || P.game.id !== g.id || P.game.moves !== g.moves) P.hint = null; // a hint is for the position it was asked in
    P.game = g;
    P.advice = g.advice || null;
    if (!P.t0 && g.moves > P.base) P.t0 = Date.now();
    if (g.outcome !== 'unfinished' && P.t0 && !P.tEnd) P.tEnd = Date.now();
  }
  g = P.game;
  const st = $('p-status');
  if (!g) { if (err) { st.textContent = st.title = err; st.dataset.outcome = 'error'; } return; }
  clearInterval(P.tick);
  if (P.t0 && !P.tEnd) P.tick = setInterval(pTime, 250);
  pTime();
  $('p-left').textContent = g.outcome === 'won' ? 0 : g.mines - g.flags;
  let s = g.level + ', rules ' + g.rules + ', seed ' + g.seed + (P.spec && P.spec.noGuess ? ', no-guess board' : '') + ' \u00b7 ' + plural(g.left, 'safe cell', 'safe cells') + ' to open';
  if (g.outcome === 'won') s = 'Won in ' + pSeconds().toFixed(1) + ' s' + (P.assisted ? ' (assisted)' : '') + '! ' + s;
  if (g.outcome === 'lost') s = 'Lost: a mine was opened (in red; crossed flags were wrong). ' + s;
  if (err) s = err + ' \u00b7 ' + s;
  else if (P.note) s = P.note + ' \u00b7 ' + s;
  st.textContent = st.title = s;
  st.dataset.outcome = err ? 'error' : g.outcome;
  pButtons(g);
  pDraw();
  $('p-panel').innerHTML = pPanel(g);
}

// pButtons enables the buttons that can act on g now.
function pButtons(g) {
  const on = g.outcome === 'unfinished';
  for (const id of ['p-hint', 'p-forced']) $(id).disabled = !on || P.busy;
  $('p-playit').disabled = !on || P.busy || !P.hint;
  $('p-restart').disabled = $('p-share').disabled = P.starting;
  $('p-undo').disabled = P.busy || !P.moves.length;
}

// pPanel is the side panel for game g: the hint, the analysis or the
// result.
function pPanel(g) {
  const on = g.outcome === 'unfinished';
  let h = '';
  if (on && P.hint && P.advice) h += '<h2>Hint</h2>' + moveHTML(P.hint, 'Open') + (P.hint.forced ? '' : thinkHTML(P.hint) || candidatesHTML(P.advice)) + '<p class="help">Press "Play it" (or <kbd>p</kbd>) to play it.</p>';
  if (on && P.advice && !P.advice.satisfiable && (heatOn() || P.asked)) h += adviceHTML(P.advice);
  else if (on && heatOn() && P.advice) h += (h ? '<hr>' : '') + adviceHTML(P.advice, null, true, true);
  else if (on && heatOn() && g.note) h += '<p class="warn">' + esc(noteOf(g)) + '</p>';
  if (g.outcome === 'won') h = resultHTML(g);
  if (g.outcome === 'lost') h = '<h2>Lost</h2><p class="why">The mine opened is in red; a crossed flag was on a safe cell. "Undo" takes the last move back; "Restart" plays the same board again.</p>';
  if (!h && on) h = '<p class="help">"Hint" shows the recommended move without playing it; "Play the forced moves" plays what is proved safe and stops before a guess. Tick "heat map" to see every cell\'s mine chance after each move.</p>';
  return h;
}

// STALE is what a step throws when its game was replaced while it waited.
const STALE = new Error('stale');

// pApi is api for the game shown: an answer that comes after the game was
// replaced (New game, Restart) is dropped, its step stopped.
async function pApi(method, path, body) {
  const gen = P.gen;
  const g = await api(method, path, body);
  if (gen !== P.gen) throw STALE;
  return g;
}

// pRun queues step, a player's action, and runs the queue in order, one
// step at a time: a click while a request is in flight waits its turn.
// A step checks the position when its turn comes. An error stops the
// queue and is shown.
async function pRun(step) {
  if (!P.game || P.starting) return;
  P.queue.push(step);
  if (P.busy) return;
  const gen = P.gen;
  P.busy = true; P.note = '';
  pShow();
  let err = null;
  while (P.queue.length) {
    try { await P.queue.shift()(); } catch (e) {
      if (e === STALE || gen !== P.gen) return;
      err = e.message; P.queue = [];
    }
    if (gen !== P.gen) return;
  }
  P.busy = false;
  pShow(null, err);
}

const gamePath = () => '/api/games/' + P.game.id;
const heatOn = () => $('p-assist').checked;
// gone is true for the refusal of a game the server no longer holds.
const gone = e => e.code === 'no_game' || e.code === 'gone';

// MOVE maps an op to its letter in P.moves and links: o3.4 opens (3,4).
const MOVE = { open: 'o', flag: 'f', unflag: 'u', chord: 'c' };
const moveOf = s => { const m = /^([ofuc])(\d+)\.(\d+)$/.exec(s); return m && [Object.keys(MOVE).find(k => MOVE[k] === m[1]), [+m[2], +m[3]]]; };

// pMove plays op (open, flag, unflag, chord) at cell, a player's move. A
// game the server has forgotten (idle too long, or dropped) is made again
// from P.spec and P.moves first.
async function pMove(op, cell, assist) {
  const body = { cell, assist: assist === undefined ? heatOn() : assist };
  let g;
  try { g = await pApi('POST', gamePath() + '/' + op, body); } catch (e) {
    if (e === STALE || !gone(e)) throw e;
    const r = await pReplay(P.spec, P.moves);
    P.game = r.g; P.base = r.base;
    g = await pApi('POST', gamePath() + '/' + op, body);
  }
  P.moves.push(MOVE[op] + cell[0] + '.' + cell[1]);
  P.clicks++;
  if (heatOn()) P.assisted = true;
  pShow(g);
  pSave();
}

// pReplay makes a game of spec on the server and plays moves on it: the
// same board and position, whatever the server still holds. A no-guess
// board is made again from its kept seed as a plain game, opened at the
// rules' first click, which the analysis of the closed board names.
async function pReplay(spec, moves) {
  let g = await pApi('POST', '/api/games', { level: spec.level, rules: spec.rules, seed: spec.seed, no_guess: false, assist: spec.noGuess });
  let base = 0;
  if (spec.noGuess) {
    const m = g.advice && g.advice.move;
    if (!m || m.rule !== 'first click') throw new Error('Could not repeat the no-guess board: ' + (g.note ? noteOf(g) : 'no first click came back'));
    g = await pApi('POST', '/api/games/' + g.id + '/open', { cell: m.cell, assist: false });
    base = g.moves;
  }
  for (const s of moves) {
    const m = moveOf(s);
    if (!m) throw new Error('Not a move: ' + s);
    g = await pApi('POST', '/api/games/' + g.id + '/' + m[0], { cell: m[1], assist: false });
  }
  return { g, base };
}

// STORE is the sessionStorage key of the game under way.
const STORE = 'minesat.play';

// pSave keeps what repeats the game in the tab's storage: a reload, Back
// then Forward, or the server forgetting the game loses nothing.
function pSave() {
  if (!P.game || !P.spec) return;
  const s = { id: P.game.id, serverMoves: P.game.moves, spec: P.spec, moves: P.moves, base: P.base, clicks: P.clicks,
    assisted: P.assisted, time: P.t0 ? (P.tEnd || Date.now()) - P.t0 : 0 };
  try { sessionStorage.setItem(STORE, JSON.stringify(s)); } catch (e) { /* storage off: the link still carries the game */ }
}

function pSaved() {
  try { return JSON.parse(sessionStorage.getItem(STORE) || 'null'); } catch (e) { return null; }
}

// pBegin replaces the game shown with the one make returns ({g, base,
// spec, moves, clicks, assisted, time}): it cancels the run in progress
// and the clicks queued, and is refused while another game is being made
// (a double click makes one game).
async function pBegin(make) {
  if (P.starting) return;
  P.gen++; P.queue = []; P.busy = false; P.starting = true;
  P.game = null; P.advice = null; P.hint = null; P.note = ''; P.asked = false;
  clearInterval(P.tick);
  try {
    const r = await make();
    P.spec = r.spec || { level: r.g.level, rules: r.g.rules, seed: r.g.seed, noGuess: r.g.no_guess };
    P.moves = r.moves || []; P.base = r.base || 0; P.clicks = r.clicks || 0; P.assisted = !!r.assisted;
    P.t0 = r.time ? Date.now() - r.time : 0; P.tEnd = 0; P.cur = [0, 0];
    P.starting = false;
    pShow(r.g);
    pControls();
    pSave();
    $('p-board').focus();
  } catch (e) {
    P.starting = false;
    if (e === STALE) return;
    $('p-board').innerHTML = ''; $('p-panel').innerHTML = '';
    pShow(null, e.message);
  }
}

// pControls sets the controls to the game on the board: New game then
// starts its level, rules and kind of board.
function pControls() {
  const sp = P.spec, named = Array.from($('p-level').options).some(o => o.value === sp.level);
  $('p-level').value = named ? sp.level : 'custom';
  if (!named) $('p-custom').value = sp.level;
  $('p-custom').hidden = named;
  $('p-rules').value = sp.rules;
  $('p-noguess').checked = !!sp.noGuess;
}

// underWay is true while a game has moves and goes on: leaving it asks.
const underWay = () => !!P.game && P.game.outcome === 'unfinished' && P.moves.length > 0;
const pLeave = what => !underWay() || confirm(what + '? The game under way will be lost.');

// pChord plays the open hint at (r, c) as one move when its flags match
// it and it has closed neighbours.
async function pChord(r, c) {
  const g = P.game, n = +g.board[r][c];
  const around = neighbours(g.rows, g.cols, r, c);
  const flags = around.filter(([rr, cc]) => g.board[rr][cc] === 'F').length;
  if (g.outcome !== 'unfinished' || !n || flags !== n || !around.some(([rr, cc]) => g.board[rr][cc] === '.')) return;
  await pMove('chord', [r, c]);
}

// pAct is a click, or space/enter, on (r, c): open a closed cell, chord
// an open one; a flag protects its cell. What the cell was when clicked
// decides; a cell opened meanwhile is not chorded.
function pAct(r, c) {
  const ch = P.game.board[r][c];
  const still = want => P.game.outcome === 'unfinished' && P.game.board[r][c] === want;
  if (ch === '.') pRun(async () => { if (still('.')) await pMove('open', [r, c]); });
  else if (/[1-8]/.test(ch)) pRun(() => pChord(r, c));
}

function pFlag(r, c) {
  const ch = P.game.board[r][c];
  const still = want => P.game.outcome === 'unfinished' && P.game.board[r][c] === want;
  if (ch === '.') pRun(async () => { if (still('.')) await pMove('flag', [r, c]); });
  else if (ch === 'F') pRun(async () => { if (still('F')) await pMove('unflag', [r, c]); });
}

// pAdvice makes sure P.advice is the analysis of the position shown.
async function pAdvice() {
  if (!P.advice) pShow(await pApi('GET', gamePath() + '?assist=1'));
  if (!P.advice) throw new Error(P.game.note ? noteOf(P.game) : 'No analysis came back');
  return P.advice;
}

// pThink makes sure P.advice is the analysis of the position shown with
// its guess raced for the game for ms milliseconds (docs/api.md), asking
// for it unless the advice on hand is that.
async function pThink(ms) {
  if (!P.advice || P.advice.thinkMs !== ms) {
    P.note = 'Thinking for ' + ms / 1000 + ' s\u2026';
    pShow();
    pShow(await pApi('GET', gamePath() + '?assist=1&think_ms=' + ms));
    P.note = '';
    if (P.advice) P.advice.thinkMs = ms;
  }
  if (!P.advice) throw new Error(P.game.note ? noteOf(P.game) : 'No analysis came back');
  return P.advice;
}

// pForced plays moves proved safe until the next move is a guess or the
// game ends.
async function pForced() {
  P.assisted = true;
  let played = 0;
  for (let round = 0; round < 10000 && P.game.outcome === 'unfinished'; round++) {
    const a = await pAdvice();
    if (!a.satisfiable) throw new Error(conflictWords(a));
    if (!a.move || !a.move.forced) {
      P.note = (played ? 'Played ' + plural(played, 'forced move', 'forced moves') + '; s' : 'S') + 'topped before a guess' + (a.move ? ': the best is ' + cellName(a.move.cell) + ', mine chance ' + pct(a.move.p) : '');
      P.hint = a.move;
      return;
    }
    // Every cell proved safe, the recommended one last (its answer
    // carries the next analysis).
    const cells = (a.forced_safe || []).filter(c => P.game.board[c[0]][c[1]] === '.' && key(c) !== key(a.move.cell));
    for (const c of cells) {
      if (P.game.board[c[0]][c[1]] !== '.') continue;
      await pMove('open', c, false);
      played++;
    }
    if (P.game.board[a.move.cell[0]][a.move.cell[1]] === '.') { await pMove('open', a.move.cell, true); played++; }
    else P.advice = null;
  }
  P.note = 'Played ' + plural(played, 'forced move', 'forced moves');
}

// conflictWords says that no layout fits a, and where to look.
const conflictWords = a => 'No move: no layout fits the numbers and flags' + (blameOf(a).size ? ' (the cells to blame are outlined in red)' : '') +
  ': ' + plain(a.conflict || 'no layout agrees with the hints');

function pHint() {
  pRun(async () => {
    P.assisted = true; P.asked = true;
    const ms = +$('p-think').value;
    const a = ms > 0 ? await pThink(ms) : await pAdvice();
    if (!a.satisfiable) throw new Error(conflictWords(a));
    P.hint = a.move;
    if (!a.move) throw new Error('No move to recommend: no closed cell is left');
  });
}

function pPlayIt() { if (P.hint) { const c = P.hint.cell; pRun(async () => { if (P.game.board[c[0]][c[1]] === '.') await pMove('open', c); }); } }

// pUndo takes back the last move; the time the game stood finished
// before it is not counted.
function pUndo() {
  if (!P.game || !P.moves.length) return;
  pRun(async () => {
    if (!P.moves.length) return;
    const g = await pApi('POST', gamePath() + '/undo', { assist: heatOn() });
    if (P.tEnd) { P.t0 += Date.now() - P.tEnd; P.tEnd = 0; }
    P.moves.pop(); P.assisted = true;
    pShow(g);
    pSave();
  });
}

// pNew starts a game of the controls' level, rules, seed and kind.
function pNew() {
  if (P.starting || !pLeave('Start a new game')) return;
  const level = $('p-level').value === 'custom' ? $('p-custom').value.trim() : $('p-level').value;
  pBegin(async () => ({ g: await pApi('POST', '/api/games', { level, rules: $('p-rules').value, seed: $('p-seed').value.trim(), no_guess: $('p-noguess').checked, assist: heatOn() }) }));
}

// pRestart plays the same board again from the start.
function pRestart() {
  const sp = P.spec;
  if (!sp || P.starting || !pLeave('Restart')) return;
  pBegin(async () => Object.assign(await pReplay(sp, []), { spec: sp }));
}

// pLink is the game's link: its board, and the moves so far.
const pLink = () => '#play=' + encodeURIComponent(P.spec.level) + ',' + P.spec.rules + ',' + P.spec.seed + (P.spec.noGuess ? ',noguess' : '') +
  (P.moves.length ? ',m=' + P.moves.join('') : '');

$('p-level').addEventListener('change', () => { $('p-custom').hidden = $('p-level').value !== 'custom'; });
$('p-new').addEventListener('click', pNew);
$('p-restart').addEventListener('click', pRestart);
$('p-undo').addEventListener('click', pUndo);
$('p-share').addEventListener('click', () => { if (P.spec) share(pLink(), $('p-status')); });
$('p-hint').addEventListener('click', pHint);
$('p-playit').addEventListener('click', pPlayIt);
$('p-forced').addEventListener('click', () => pRun(pForced));
$('p-assist').addEventListener('change', () => {
  if (!P.game) return;
  if (heatOn() && P.game.outcome === 'unfinished') P.assisted = true;
  if (heatOn() && !P.advice && P.game.outcome === 'unfinished') pRun(pAdvice);
  else pShow();
});
$('p-pct').addEventListener('change', pDraw);
$('p-mode').addEventListener('click', () => {
  P.flagMode = !P.flagMode;
  $('p-mode').setAttribute('aria-pressed', P.flagMode);
  $('p-mode').textContent = P.flagMode ? 'Tap flags' : 'Tap opens';
});

// LONG_PRESS is how long a touch on a cell is held to flag it (or, with
// "Tap flags", to open it).
const LONG_PRESS = 450;

// pTap acts on cell q: the toggle decides whether a tap opens or flags;
// alt does the other.
function pTap(q, alt) {
  if (!P.game || P.game.outcome !== 'unfinished') return;
  P.cur = q;
  if (P.flagMode !== alt && P.game.board[q[0]][q[1]].match(/[.F]/)) pFlag(...q);
  else pAct(...q);
}

$('p-board').addEventListener('click', e => {
  const held = P.press && P.press.fired;
  P.press = null;
  const q = cellAt(e);
  if (q && !held) pTap(q, false);
});
$('p-board').addEventListener('contextmenu', e => {
  const q = cellAt(e); if (!q) return;
  e.preventDefault();
  if (P.press && P.press.fired) return; // the long press has flagged it
  if (!P.game || P.game.outcome !== 'unfinished') return;
  P.cur = q;
  pFlag(...q);
});
$('p-board').addEventListener('pointerdown', e => {
  if (e.pointerType === 'mouse') return;
  const q = cellAt(e); if (!q) return;
  if (P.press) clearTimeout(P.press.timer);
  const press = { x: e.clientX, y: e.clientY, fired: false };
  press.timer = setTimeout(() => { press.fired = true; pTap(q, true); }, LONG_PRESS);
  P.press = press;
});
$('p-board').addEventListener('pointermove', e => {
  if (P.press && !P.press.fired && Math.hypot(e.clientX - P.press.x, e.clientY - P.press.y) > 10) { clearTimeout(P.press.timer); P.press = null; }
});
for (const ev of ['pointerup', 'pointercancel']) $('p-board').addEventListener(ev, () => { if (P.press) clearTimeout(P.press.timer); });
$('p-board').addEventListener('keydown', e => {
  if (!P.game || e.ctrlKey || e.metaKey || e.altKey) return;
  const g = P.game, on = g.outcome === 'unfinished';
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[e.key]) {
    const [dr, dc] = arrows[e.key];
    P.cur = [Math.max(0, Math.min(g.rows - 1, P.cur[0] + dr)), Math.max(0, Math.min(g.cols - 1, P.cur[1] + dc))];
    pDraw();
  } else if ((e.key === ' ' || e.key === 'Enter') && on) pAct(...P.cur);
  else if ((e.key === 'f' || e.key === 'F') && on) pFlag(...P.cur);
  else if (e.key === 'h' && on) pHint();
  else if (e.key === 'p' && on) pPlayIt();
  else if (e.key === 'a' && on) pRun(pForced);
  else if (e.key === 'r') pRestart();
  else if (e.key === 'u') pUndo();
  else return;
  e.preventDefault();
});

// ---- Tabs, zoom, links and start ----

function showTab(name) {
  $('analyze-view').hidden = name !== 'analyze';
  $('play-view').hidden = name !== 'play';
  $('tab-analyze').classList.toggle('active', name === 'analyze');
  $('tab-play').classList.toggle('active', name === 'play');
  try { sessionStorage.setItem('minesat.tab', name); } catch (e) { /* storage off */ }
}
$('tab-analyze').addEventListener('click', () => showTab('analyze'));
$('tab-play').addEventListener('click', () => showTab('play'));
function redraw() { aDraw(); pDraw(); }
$('zoom-in').addEventListener('click', () => { zoom = Math.min(3, zoom * 1.25); redraw(); });
$('zoom-out').addEventListener('click', () => { zoom = Math.max(0.4, zoom / 1.25); redraw(); });
let resizing = 0;
window.addEventListener('resize', () => { clearTimeout(resizing); resizing = setTimeout(redraw, 100); });
window.addEventListener('pagehide', pSave);

// sameGame is true when saved s is the game of spec with moves played,
// and maybe more: resuming s then loses nothing the link has.
const sameGame = (s, spec, moves) => !!s && s.spec.level === spec.level && s.spec.rules === spec.rules && s.spec.seed === spec.seed &&
  !!s.spec.noGuess === !!spec.noGuess && moves.every((m, k) => s.moves[k] === m);

// pResume shows saved game s again: the server's game when it still
// holds it as it was, else the board made again and the moves replayed.
function pResume(s) {
  pBegin(async () => {
    let g = null;
    try { g = await pApi('GET', '/api/games/' + s.id); } catch (e) { if (e === STALE || !gone(e)) throw e; }
    let base = s.base;
    if (!g || g.moves !== s.serverMoves || g.seed !== s.spec.seed) ({ g, base } = await pReplay(s.spec, s.moves));
    return Object.assign({}, s, { g, base });
  });
}

// fromLink opens what the address's fragment names: #pos=MINES:ROW/ROW/...
// (a position to analyse) or #play=LEVEL,RULES,SEED[,noguess][,m=MOVES]
// (a game, and the moves played in it). The game under way (or the
// tab's saved one, at load) is kept when the link names it.
function fromLink(saved) {
  const h = location.hash;
  let m = /^#pos=([^:]*):(.+)$/.exec(h);
  if (m) {
    showTab('analyze');
    aLoad('mines ' + (decodeURIComponent(m[1]) || '?') + '\n' + decodeURIComponent(m[2]).split('/').join('\n'));
    return true;
  }
  m = /^#play=([^,]+),([a-z]*),(-?\d+)(,noguess)?(?:,m=([ofuc0-9.]*))?$/.exec(h);
  if (!m) return false;
  showTab('play');
  const spec = { level: decodeURIComponent(m[1]), rules: m[2], seed: m[3], noGuess: !!m[4] };
  const moves = (m[5] || '').match(/[ofuc]\d+\.\d+/g) || [];
  if (saved && sameGame(saved, spec, moves)) pResume(saved);
  else if (!sameGame(P.spec && { spec: P.spec, moves: P.moves }, spec, moves) && pLeave('Open the linked game')) {
    pBegin(async () => Object.assign(await pReplay(spec, moves), { spec, moves, clicks: moves.length }));
  }
  return true;
}
window.addEventListener('hashchange', () => fromLink(null));

api('GET', '/api/config').then(c => {
  $('p-noguess-label').hidden = !c.no_guess;
  // Only the thinking times the server allows.
  for (const id of ['p-think', 'a-think']) {
    for (const o of $(id).options) o.hidden = o.disabled = +o.value > (c.max_think_ms || 0);
    $(id + '-label').hidden = !c.max_think_ms;
  }
}).catch(() => {});
(() => {
  const saved = pSaved();
  if (fromLink(saved)) { if (saved && $('play-view').hidden) pResume(saved); return; }
  aNew();
  if (!saved) {
    // On the static site the transport keeps the game played last across
    // tabs: a page without a game of its own resumes that one.
    const id = transport.current && transport.current();
    if (id) { showTab('play'); pBegin(async () => ({ g: await pApi('GET', '/api/games/' + id) })); }
    return;
  }
  let tab = 'play';
  try { tab = sessionStorage.getItem('minesat.tab') || tab; } catch (e) { /* storage off */ }
  showTab(tab);
  pResume(saved);
})();
