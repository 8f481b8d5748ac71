/**
 * The inspector page at `/`: plain HTML; its script and style are served beside it (no inline code, so the page runs under a strict Content-Security-Policy).
 */
export const inspectorPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ctxopt emulator · inspector</title>
<link rel="stylesheet" href="/inspector/inspector.css">
<script src="/inspector/inspector.js" defer></script>
</head>
<body>
<header class="top">
  <div>
    <h1>ctxopt emulator <span class="badge">inspector</span></h1>
    <p id="subtitle" class="muted">Loading…</p>
  </div>
  <p class="live"><span class="dot"></span><span id="updated">live</span></p>
</header>
<main>
  <section class="cards">
    <article class="card" id="quota-card">
      <h2>Monthly quota</h2>
      <div id="quota"></div>
    </article>
    <article class="card grow" id="savings-card">
      <h2>Tokens saved over time <span id="saved-total" class="muted"></span></h2>
      <div id="savings"></div>
    </article>
  </section>
  <section class="card" id="shadow-card" hidden>
    <h2>Shadow evaluation <span class="muted">answers to compressed prompts against the originals</span></h2>
    <div id="shadow"></div>
  </section>
  <section class="card" id="operations-card">
    <div class="toolbar">
      <h2>Operations <span id="count" class="muted"></span></h2>
      <input id="filter-text" type="search" placeholder="Filter: requestId, endpoint, code, level…" aria-label="Filter operations">
      <select id="filter-endpoint" aria-label="Endpoint">
        <option value="">All endpoints</option>
        <option value="/v1/compress">/v1/compress</option>
        <option value="/v1/generate">/v1/generate</option>
        <option value="other">Other paths</option>
      </select>
      <select id="filter-kind" aria-label="Outcome">
        <option value="">All outcomes</option>
        <option value="ok">Succeeded (2xx)</option>
        <option value="error">Errors</option>
        <option value="replayed">Replays</option>
        <option value="conflict">409 conflicts</option>
        <option value="fault">Injected faults</option>
      </select>
    </div>
    <div class="table-wrap">
      <table id="operations">
        <thead>
          <tr>
            <th>Time</th><th>Endpoint</th><th>requestId</th><th>Level / mode</th>
            <th class="number">Tokens in</th><th class="number">Tokens out</th><th class="number">Saved</th>
            <th>Status</th><th>Flags</th>
          </tr>
        </thead>
        <tbody></tbody>
      </table>
    </div>
    <p id="empty" class="empty" hidden>No operations match. Requests to <code>POST /v1/compress</code> and <code>POST /v1/generate</code> appear here as they are answered.</p>
  </section>
  <section class="card" id="detail" hidden></section>
</main>
<footer class="muted">Served by the emulator on loopback only. API keys and provider keys never appear here. The log keeps the newest <span id="ring-size">–</span> operations.</footer>
</body>
</html>
`;
