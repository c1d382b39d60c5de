'use strict';
// minesat's Web Worker on the static site ('minesat site'): it runs the
// WebAssembly module (cmd/minesat-wasm), which answers the page's JSON API
// (docs/api.md) in the browser. The page sends {module} (a compiled
// WebAssembly.Module) first, then requests {id, method, path, body}; the
// worker answers each with {id, status, body, retryAfter} and says {ready}
// once the module is up. The module computes one request at a time; the
// page ends the worker to stop a superseded analysis.

importScripts('wasm_exec.js');

let queued = [];

self.minesatReady = () => {
  self.postMessage({ ready: true });
  const q = queued;
  queued = null;
  q.forEach(serve);
};

function serve(m) {
  self.minesatServe(m.method, m.path, m.body === undefined ? null : JSON.stringify(m.body),
    (status, body, retryAfter) => self.postMessage({ id: m.id, status, body, retryAfter }));
}

self.onmessage = e => {
  const m = e.data;
  if (m.module) {
    const go = new Go();
    WebAssembly.instantiate(m.module, go.importObject).then(inst => go.run(inst),
      err => self.postMessage({ failed: String(err) }));
    return;
  }
  if (queued) queued.push(m);
  else serve(m);
};
