'use strict';
// minesat's page: the analyse view edits a position and shows
// POST /api/analyze's advice; the play view plays a game the server holds.
// See docs/api.md.

const $ = id => document.getElementById(id);
const FLAG = 9, CLOSED = -1;
let pending = 0; // requests in flight; body[data-busy] while any is

async function api(method, path, body) {
  pending++;
  document.body.dataset.busy = '1';
  try {
    const opt = { method, headers: {} };
    if (body !== undefined) { opt.body = JSON.stringify(body); opt.headers['Content-Type'] = 'application/json'; }
    const res = await fetch(path, opt);
    const data = res.status === 204 ? null : await res.json().catch(() => ({ error: 'bad answer from the server (' + res.status + ')' }));
    if (!res.ok) throw new Error((data && data.error) || ('HTTP ' + res.status));
    return data;
  } finally {
    if (--pending === 0) delete document.body.dataset.busy;
  }
}

const pct = p => {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const x = p * 100;
  return (x < 1 ? '<1' : x > 99 ? '>99' : Math.round(x)) + '%';
};
const heat = p => 'hsl(' + Math.round(120 * (1 - p)) + ' ' + (p > 0.5 ? 75 : 65) + '% 62%)';
const cellName = c => '(' + c[0] + ',' + c[1] + ')';
const esc = s => String(s).replace(/[&<>"]/g, ch => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[ch]));

// drawBoard fills el with rows x cols cells; look(r, c) gives
// {state, text}; advice (or null) paints the heat map and the
// recommended cell.
function drawBoard(el, rows, cols, look, advice) {
  el.style.gridTemplateColumns = 'repeat(' + cols + ', var(--cell))';
  if (el.children.length !== rows * cols) {
    el.textContent = '';
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      const d = document.createElement('div');
      d.className = 'cell'; d.dataset.r = r; d.dataset.c = c;
      el.appendChild(d);
    }
  }
  const probs = advice && advice.satisfiable ? advice.probabilities : null;
  const rec = advice && advice.move ? advice.move.cell : null;
  const forcedMine = new Set((advice && advice.forced_mines || []).map(x => x[0] + ',' + x[1]));
  const forcedSafe = new Set((advice && advice.forced_safe || []).map(x => x[0] + ',' + x[1]));
  for (const d of el.children) {
    const r = +d.dataset.r, c = +d.dataset.c, v = look(r, c);
    d.dataset.state = v.state;
    d.className = 'cell';
    d.style.background = '';
    d.removeAttribute('title');
    if (v.state === 'open') {
      d.textContent = v.text === '0' ? '' : v.text;
      d.classList.add('h' + v.text);
      continue;
    }
    d.textContent = v.text;
    if (v.state !== 'closed') continue;
    const key = r + ',' + c;
    let p = probs && probs[r] ? probs[r][c] : null;
    if (p == null && forcedMine.has(key)) p = 1;
    if (p == null && forcedSafe.has(key)) p = 0;
    if (p != null) {
      d.style.background = heat(p);
      d.innerHTML = '<span class="p">' + pct(p) + '</span>';
      d.title = cellName([r, c]) + ': p(mine) ' + (p * 100).toFixed(1) + '%';
    }
    if (rec && rec[0] === r && rec[1] === c) d.classList.add('rec');
  }
}

// adviceHTML describes advice for a panel.
function adviceHTML(a, elapsed) {
  if (!a) return '';
  let h = '';
  if (!a.satisfiable) return '<p class="error">No solution: ' + esc(a.conflict || 'no layout agrees with the hints') + '</p>';
  const m = a.move;
  if (m) {
    h += '<h2>Recommended move</h2><p class="move" id="rec-move">open ' + cellName(m.cell) + ' &middot; p(mine) ' + pct(m.p) + '</p>';
    if (m.forced) h += '<p class="why">Proved safe: ' + esc(m.why) + '</p>';
    else {
      h += '<p class="why">A guess, chosen by ' + esc(m.chosen) + (m.method ? ' (' + esc(m.method) + ')' : '') +
        (m.score != null ? '; score ' + m.score.toFixed(3) : '') + '.</p>';
      if (m.runner_up) h += '<p class="why">Runner-up ' + cellName(m.runner_up) + ': p(mine) ' + pct(m.runner_up_p) +
        (m.runner_up_score != null ? ', score ' + m.runner_up_score.toFixed(3) : '') + '.</p>';
    }
    if (m.proof && m.proof.length) h += '<pre>' + esc(m.proof.join('\n')) + '</pre>';
  } else h += '<h2>No move</h2><p class="why">No closed cell is left, or nothing can be proved and guessing is off.</p>';
  const list = xs => xs.length > 12 ? xs.slice(0, 12).map(cellName).join(' ') + ' and ' + (xs.length - 12) + ' more' : xs.map(cellName).join(' ');
  h += '<dl>';
  if (a.solutions) h += '<dt>layouts</dt><dd>' + esc(a.solutions) + '</dd>';
  h += '<dt>mines</dt><dd>' + (a.mines == null ? 'unknown' : a.mines) + ' (' + a.flags + ' flagged), ' + a.unknown + ' closed cells</dd>';
  if (a.forced_mines.length) h += '<dt>forced mines</dt><dd>' + list(a.forced_mines) + '</dd>';
  if (a.forced_safe.length) h += '<dt>forced safe</dt><dd>' + list(a.forced_safe) + '</dd>';
  if (a.pseudo_fifty_fifties.length) h += '<dt>pseudo 50/50s</dt><dd>' + list(a.pseudo_fifty_fifties) + '</dd>';
  if (a.dead.length) h += '<dt>dead cells</dt><dd>' + list(a.dead) + '</dd>';
  if (elapsed != null) h += '<dt>time</dt><dd>' + elapsed.toFixed(1) + ' ms</dd>';
  h += '</dl>';
  for (const s of a.incomplete || []) h += '<p class="warn">Incomplete: ' + esc(s) + '</p>';
  h += '<div class="legend"><span>safe</span><span class="bar"></span><span>mine</span></div>';
  return h;
}

// ---- Analyse ----

// A is the analyse view's position; done is the text of the position
// its advice is for.
const A = { rows: 8, cols: 8, mines: '10', cells: [], seq: 0, timer: 0, advice: null, done: '' };

function aNew() {
  const rows = Math.max(1, Math.min(100, parseInt($('a-rows').value, 10) || 1));
  const cols = Math.max(1, Math.min(100, parseInt($('a-cols').value, 10) || 1));
  $('a-rows').value = rows; $('a-cols').value = cols;
  A.rows = rows; A.cols = cols; A.mines = $('a-mines').value.trim();
  A.cells = new Array(rows * cols).fill(CLOSED);
  A.advice = null;
  aChanged();
}

function aText() {
  const m = A.mines === '' || A.mines === '?' ? '?' : A.mines;
  let s = 'mines ' + m + '\n';
  for (let r = 0; r < A.rows; r++) {
    for (let c = 0; c < A.cols; c++) {
      const v = A.cells[r * A.cols + c];
      s += v === CLOSED ? '.' : v === FLAG ? 'F' : String(v);
    }
    s += '\n';
  }
  return s;
}

function aDraw() {
  drawBoard($('a-board'), A.rows, A.cols, (r, c) => {
    const v = A.cells[r * A.cols + c];
    if (v === CLOSED) return { state: 'closed', text: '' };
    if (v === FLAG) return { state: 'flag', text: '\u2691' };
    return { state: 'open', text: String(v) };
  }, A.advice);
}

function aChanged() {
  if (document.activeElement !== $('a-text')) $('a-text').value = aText();
  aDraw();
  clearTimeout(A.timer);
  A.timer = setTimeout(aAnalyze, 120);
}

async function aAnalyze() {
  const seq = ++A.seq, text = aText();
  $('a-panel').innerHTML = '<p class="help">Analysing&hellip;</p>';
  try {
    const res = await api('POST', '/api/analyze', { puzzle: text });
    if (seq !== A.seq) return;
    A.advice = res.advice;
    A.done = text;
    $('a-panel').innerHTML = adviceHTML(res.advice, res.elapsed_ms);
  } catch (e) {
    if (seq !== A.seq) return;
    A.advice = null;
    A.done = text;
    $('a-panel').innerHTML = '<p class="error">' + esc(e.message) + '</p>';
  }
  aDraw();
}

$('a-board').classList.add('edit');
$('a-board').addEventListener('click', e => {
  const d = e.target.closest('.cell'); if (!d) return;
  const i = +d.dataset.r * A.cols + +d.dataset.c;
  A.cells[i] = A.cells[i] === FLAG ? CLOSED : A.cells[i] + 1;
  aChanged();
});
$('a-board').addEventListener('contextmenu', e => {
  const d = e.target.closest('.cell'); if (!d) return;
  e.preventDefault();
  const i = +d.dataset.r * A.cols + +d.dataset.c;
  A.cells[i] = A.cells[i] === CLOSED ? FLAG : A.cells[i] - 1;
  aChanged();
});
$('a-new').addEventListener('click', aNew);
$('a-clear').addEventListener('click', () => { A.cells.fill(CLOSED); aChanged(); });
$('a-mines').addEventListener('change', () => { A.mines = $('a-mines').value.trim(); aChanged(); });
$('a-load').addEventListener('click', () => {
  // The text is parsed by the server; the grid form is read back here.
  const lines = $('a-text').value.split(/\r?\n/).map(l => l.replace(/#.*/, '').trim()).filter(l => l);
  let mines = '?';
  if (lines.length && /^mines\b/.test(lines[0])) mines = lines.shift().slice(5).trim();
  const rows = lines.map(l => (l.replace(/[ \t]/g, '').match(/-1|[.F0-8]/g) || []));
  if (!rows.length || rows.some(r => r.length !== rows[0].length) || rows.some((r, k) => r.join('') !== lines[k].replace(/[ \t]/g, ''))) {
    // Not a grid this page can edit: let the server say what is wrong.
    api('POST', '/api/analyze', { puzzle: $('a-text').value })
      .then(res => { $('a-panel').innerHTML = '<p class="warn">Analysed as given, but only the grid form can be edited here.</p>' + adviceHTML(res.advice, res.elapsed_ms); })
      .catch(e => { $('a-panel').innerHTML = '<p class="error">' + esc(e.message) + '</p>'; });
    return;
  }
  A.rows = rows.length; A.cols = rows[0].length; A.mines = mines === '?' ? '' : mines;
  $('a-rows').value = A.rows; $('a-cols').value = A.cols; $('a-mines').value = A.mines;
  A.cells = [].concat(...rows.map(r => r.map(ch => ch === '.' || ch === '-1' ? CLOSED : ch === 'F' ? FLAG : +ch)));
  A.advice = null;
  $('a-text').blur();
  aChanged();
});

// ---- Play ----

const P = { game: null };
const playLook = g => (r, c) => {
  const ch = g.board[r][c];
  switch (ch) {
    case '.': return { state: 'closed', text: '' };
    case 'F': return { state: 'flag', text: '\u2691' };
    case '*': return { state: 'mine', text: '\u2739' };
    case 'X': return { state: 'boom', text: '\u2739' };
    case '!': return { state: 'wrongflag', text: '\u2691' };
  }
  return { state: 'open', text: ch };
};

function pShow(g, err) {
  if (g) P.game = g;
  g = P.game;
  const st = $('p-status');
  if (!g) { if (err) { st.textContent = err; st.dataset.outcome = 'error'; } return; }
  const assist = $('p-assist').checked;
  drawBoard($('p-board'), g.rows, g.cols, playLook(g), assist && g.outcome === 'unfinished' ? g.advice : null);
  let s = g.level + ', rules ' + g.rules + ', seed ' + g.seed + (g.no_guess ? ', no-guess board' : '') +
    ' \u00b7 mines ' + g.mines + ', flags ' + g.flags + ' \u00b7 ' + g.left + ' safe cells left \u00b7 ' + g.moves + ' moves';
  if (g.outcome === 'won') s = 'Won! ' + s;
  if (g.outcome === 'lost') s = 'Lost: a mine was opened. ' + s;
  if (err) s = err + ' \u00b7 ' + s;
  st.textContent = s;
  st.dataset.outcome = g.outcome;
  $('p-hint').disabled = g.outcome !== 'unfinished';
  let h = '';
  if (g.hint) h += '<p class="why">The hint opened ' + cellName(g.hint.cell) + ' (' + (g.hint.forced ? 'proved safe' : 'a guess, p(mine) ' + pct(g.hint.p)) + ').</p>';
  if (assist && g.outcome === 'unfinished') h += g.advice ? adviceHTML(g.advice) : '<p class="warn">No analysis came back within the time budget.</p>';
  else if (!assist) h += '<p class="help">Tick "assist" to see the analysis after each move, or press "Hint" to play the recommended move.</p>';
  $('p-panel').innerHTML = h;
}

async function pDo(method, path, body) {
  try { pShow(await api(method, path, body)); } catch (e) { pShow(null, e.message); }
}

$('p-level').addEventListener('change', () => { $('p-custom').hidden = $('p-level').value !== 'custom'; });
$('p-new').addEventListener('click', () => {
  const level = $('p-level').value === 'custom' ? $('p-custom').value.trim() : $('p-level').value;
  P.game = null;
  pDo('POST', '/api/games', { level, rules: $('p-rules').value, seed: $('p-seed').value.trim(),
    no_guess: $('p-noguess').checked, assist: $('p-assist').checked });
});
$('p-hint').addEventListener('click', () => { if (P.game) pDo('POST', '/api/games/' + P.game.id + '/hint', { assist: $('p-assist').checked }); });
$('p-assist').addEventListener('change', () => {
  if (!P.game) return;
  if ($('p-assist').checked) pDo('GET', '/api/games/' + P.game.id + '?assist=1');
  else pShow();
});
$('p-board').addEventListener('click', e => {
  const d = e.target.closest('.cell'); if (!d || !P.game || P.game.outcome !== 'unfinished') return;
  if (d.dataset.state !== 'closed' && d.dataset.state !== 'flag') return;
  pDo('POST', '/api/games/' + P.game.id + '/open', { cell: [+d.dataset.r, +d.dataset.c], assist: $('p-assist').checked });
});
$('p-board').addEventListener('contextmenu', e => {
  const d = e.target.closest('.cell'); if (!d) return;
  e.preventDefault();
  if (!P.game || P.game.outcome !== 'unfinished' || d.dataset.state !== 'closed') return;
  pDo('POST', '/api/games/' + P.game.id + '/flag', { cell: [+d.dataset.r, +d.dataset.c], assist: $('p-assist').checked });
});

// ---- Tabs and start ----

function showTab(name) {
  $('analyze-view').hidden = name !== 'analyze';
  $('play-view').hidden = name !== 'play';
  $('tab-analyze').classList.toggle('active', name === 'analyze');
  $('tab-play').classList.toggle('active', name === 'play');
}
$('tab-analyze').addEventListener('click', () => showTab('analyze'));
$('tab-play').addEventListener('click', () => showTab('play'));

api('GET', '/api/config').then(c => { $('p-noguess-label').hidden = !c.no_guess; }).catch(() => {});
aNew();
