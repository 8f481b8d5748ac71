/**
 * The inspector page's style sheet, served at `/inspector/inspector.css`.
 */
export const inspectorStyle = `:root {
  --background: #f5f6f8;
  --card: #ffffff;
  --text: #1f2430;
  --muted: #6b7280;
  --line: #e5e7eb;
  --accent: #4f46e5;
  --accent-soft: #eef2ff;
  --good: #15803d;
  --good-soft: #e8f6ed;
  --warn: #b45309;
  --warn-soft: #fef3c7;
  --bad: #b91c1c;
  --bad-soft: #fdecec;
  color-scheme: light;
}
* { box-sizing: border-box; }
body {
  margin: 0;
  background: var(--background);
  color: var(--text);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
.muted { color: var(--muted); font-weight: normal; }
.top {
  display: flex; justify-content: space-between; align-items: center;
  padding: 18px 28px; background: var(--card); border-bottom: 1px solid var(--line);
}
.top h1 { margin: 0; font-size: 20px; letter-spacing: -0.01em; }
.top p { margin: 2px 0 0; }
.badge {
  display: inline-block; margin-left: 6px; padding: 2px 8px; border-radius: 999px;
  background: var(--accent-soft); color: var(--accent); font-size: 12px; font-weight: 600; vertical-align: middle;
}
.live { display: flex; align-items: center; gap: 8px; color: var(--muted); margin: 0; }
.dot { width: 8px; height: 8px; border-radius: 50%; background: var(--good); box-shadow: 0 0 0 3px var(--good-soft); }
.dot.stale { background: var(--bad); box-shadow: 0 0 0 3px var(--bad-soft); }
main { padding: 20px 28px; display: grid; gap: 18px; max-width: 1500px; }
.cards { display: flex; gap: 18px; flex-wrap: wrap; }
.card {
  background: var(--card); border: 1px solid var(--line); border-radius: 12px;
  padding: 16px 18px; box-shadow: 0 1px 2px rgba(16, 24, 40, 0.04);
}
.card h2 { margin: 0 0 12px; font-size: 15px; }
.grow { flex: 1 1 520px; min-width: 0; }
#quota-card { flex: 0 1 420px; }
.gauge { display: flex; align-items: center; gap: 14px; margin-bottom: 8px; }
.gauge svg { width: 150px; height: 86px; flex: none; }
.gauge .figure { font-size: 22px; font-weight: 650; }
.gauge .label { color: var(--muted); font-size: 12.5px; }
#savings svg { width: 100%; height: 180px; display: block; }
.axis { fill: var(--muted); font-size: 11px; }
.toolbar { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; margin-bottom: 10px; }
.toolbar h2 { margin: 0 auto 0 0; }
input[type="search"], select {
  font: inherit; padding: 6px 10px; border: 1px solid var(--line); border-radius: 8px; background: #fff; color: var(--text);
}
input[type="search"] { width: 300px; }
.table-wrap { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; }
th {
  text-align: left; font-size: 12px; font-weight: 600; color: var(--muted);
  text-transform: uppercase; letter-spacing: 0.03em; padding: 8px 10px; border-bottom: 1px solid var(--line); white-space: nowrap;
}
td { padding: 8px 10px; border-bottom: 1px solid var(--line); white-space: nowrap; }
tbody tr { cursor: pointer; }
tbody tr:hover { background: #fafafb; }
tbody tr.selected { background: var(--accent-soft); }
.number { text-align: right; font-variant-numeric: tabular-nums; }
.saved { color: var(--good); font-weight: 600; }
.pill { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 600; }
.status-ok { background: var(--good-soft); color: var(--good); }
.status-client { background: var(--warn-soft); color: var(--warn); }
.status-server, .status-dropped { background: var(--bad-soft); color: var(--bad); }
.flag { display: inline-block; margin-right: 4px; padding: 1px 7px; border-radius: 6px; font-size: 11.5px; background: #f1f2f4; color: #374151; }
.flag.fault { background: var(--bad-soft); color: var(--bad); }
.flag.conflict { background: var(--warn-soft); color: var(--warn); }
.flag.replay { background: var(--accent-soft); color: var(--accent); }
.empty { color: var(--muted); padding: 18px 4px 4px; margin: 0; }
.detail-head { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; flex-wrap: wrap; }
.detail-head h2 { margin: 0; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 10px 0 14px; }
.chip { background: #f1f2f4; border-radius: 6px; padding: 3px 9px; font-size: 12.5px; }
.chip strong { font-weight: 650; }
.query { background: var(--accent-soft); border-left: 3px solid var(--accent); border-radius: 6px; padding: 8px 12px; margin: 0 0 14px; white-space: pre-wrap; }
.legend { display: flex; gap: 14px; align-items: center; margin: 0 0 10px; color: var(--muted); font-size: 12.5px; }
.legend .segment { padding: 1px 6px; }
.columns { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.column h3 { margin: 0 0 6px; font-size: 13px; }
.text {
  margin: 0; padding: 12px; border: 1px solid var(--line); border-radius: 8px; background: #fcfcfd;
  white-space: pre-wrap; word-wrap: break-word; max-height: 560px; overflow: auto; font-size: 13px; line-height: 1.55;
}
.segment.kept { background: var(--good-soft); color: #14532d; border-radius: 3px; }
.segment.dropped { color: #9f1239; opacity: 0.55; text-decoration: line-through; text-decoration-color: rgba(159, 18, 57, 0.6); }
.note { color: var(--warn); font-size: 12.5px; margin: 8px 0 0; }
.answer { margin-top: 14px; }
footer { padding: 4px 28px 24px; font-size: 12.5px; }
@media (max-width: 900px) { .columns { grid-template-columns: 1fr; } input[type="search"] { width: 100%; } }
`;
