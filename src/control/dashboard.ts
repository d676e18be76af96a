import { escapeHtml } from '../wire/formats/html.ts'
import { dashboardScript } from './dashboard-script.ts'

// One self-contained document: no external scripts, styles, fonts or images, so it works
// offline, behind the service worker and in Storybook alike. The CSP says so to the browser too.
const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

const style = `
:root {
  --fg: #1f2328;
  --muted: #656d76;
  --line: #d0d7de;
  --panel: #f6f8fa;
  --accent: #0969da;
  --ok: #1a7f37;
  --warn: #9a6700;
  --err: #cf222e;
}
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; color: var(--fg); }
header {
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 1.2rem;
  padding: 0.7rem 1.5rem; border-bottom: 1px solid var(--line); background: var(--panel);
}
h1 { font-size: 1.2rem; margin: 0; }
h2 { font-size: 1rem; margin: 0 0 0.6rem; }
h3 { font-size: 0.95rem; margin: 0 0 0.4rem; }
h4 { font-size: 0.85rem; margin: 0 0 0.2rem; }
a { color: var(--accent); }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.nowrap, td.mono { white-space: nowrap; }
.muted { color: var(--muted); }
.spacer { flex: 1; }
main {
  display: grid; gap: 1rem; padding: 1rem 1.5rem;
  grid-template-columns: repeat(auto-fit, minmax(330px, 1fr));
}
section { border: 1px solid var(--line); border-radius: 6px; padding: 0.8rem 1rem; min-width: 0; }
.wide { grid-column: 1 / -1; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0 0 0.6rem; }
dt { color: var(--muted); }
dd { margin: 0; font-weight: 600; }
form, .row { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.45rem 0; }
label { color: var(--muted); }
input { font: inherit; padding: 0.2rem 0.4rem; border: 1px solid var(--line); border-radius: 6px; }
input[type='number'] { width: 6rem; }
button {
  font: inherit; padding: 0.2rem 0.7rem; border: 1px solid var(--line); border-radius: 6px;
  background: var(--panel); color: var(--fg); cursor: pointer;
}
button:hover { background: #eaeef2; }
button:disabled { color: var(--muted); cursor: default; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.danger { color: var(--err); }
ul.list { list-style: none; padding: 0; margin: 0.3rem 0; }
ul.list li { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; padding: 0.25rem 0; border-bottom: 1px solid var(--line); }
ul.list li:last-child { border-bottom: 0; }
.grow { flex: 1; min-width: 8rem; overflow-wrap: anywhere; }
.counts { display: flex; flex-wrap: wrap; gap: 0.6rem; }
.count {
  display: flex; flex-direction: column; min-width: 7.5rem; padding: 0.5rem 0.8rem;
  border: 1px solid var(--line); border-radius: 6px; text-decoration: none; color: var(--fg);
}
.count:hover { border-color: var(--accent); }
.count-value { font-size: 1.6rem; font-weight: 600; }
.count-label { color: var(--muted); }
/* Ids and dates stay on one line: wide tables scroll sideways rather than wrap a GUID. */
.tables { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(640px, 1fr)); }
.scroll { max-height: 22rem; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: baseline; padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); }
th { position: sticky; top: 0; background: var(--panel); font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.path { overflow-wrap: anywhere; }
tr.entry { cursor: pointer; }
tr.entry:hover { background: #f3f6f9; }
tr.s2 .status { color: var(--ok); }
tr.s3 .status, tr.s4 .status { color: var(--warn); }
tr.s5 .status { color: var(--err); }
tr.detail td { background: #fbfcfd; }
.bodies { display: grid; gap: 0.8rem; grid-template-columns: 1fr 1fr; }
pre {
  margin: 0; padding: 0.4rem; max-height: 16rem; overflow: auto; white-space: pre-wrap;
  overflow-wrap: anywhere; background: #fff; border: 1px solid var(--line); border-radius: 4px;
  font-size: 12px;
}
#message { margin: 0; padding: 0.35rem 1.5rem; border-bottom: 1px solid var(--line); }
#message:empty { display: none; }
#message.error, #connection.error { color: var(--err); }
#message.ok { color: var(--ok); }
`

/**
 * The dashboard's answer headers. The policy is sent as a header too, where `frame-ancestors`
 * counts (a `<meta>` policy ignores it): with `X-Frame-Options` for older browsers, no other
 * site can frame the dashboard and trick a click on reset.
 */
export const dashboardHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `${contentSecurityPolicy}; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
})

/**
 * The dashboard `GET /__mock` serves: counts, a table per collection, the live journal, reset,
 * snapshots, latency and fault settings; one document with no external assets.
 * @example new Response(dashboardHtml({ basePath: '/RestApi' }), { headers: { 'Content-Type': 'text/html' } })
 */
export function dashboardHtml(options: { basePath: string }): string {
  const basePath = escapeHtml(options.basePath)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}">
<title>restapi-mock dashboard</title>
<style>${style}</style>
</head>
<body>
<header>
  <h1>restapi-mock</h1>
  <span class="muted">serving <code data-testid="base-path">${basePath}</code>, control API under <code>/__mock</code></span>
  <a href="/__mock/journal.har" download="restapi-mock.har" data-testid="har">Download HAR</a>
  <a href="/__mock/state" data-testid="state-link">State JSON</a>
  <a href="/__mock/openapi.json" data-testid="openapi-link">OpenAPI</a>
  <span class="spacer"></span>
  <span id="connection" class="muted" data-testid="connection">loading…</span>
  <label title="Poll the mock every 1.5 s"><input type="checkbox" id="live" checked> Live</label>
</header>
<p id="message" role="status" aria-live="polite"></p>
<main>
<section id="settings" aria-labelledby="settings-title">
  <h2 id="settings-title">Settings</h2>
  <dl>
    <dt>Seed</dt><dd id="seed" data-testid="seed">…</dd>
    <dt>Default format</dt><dd id="default-format" data-testid="default-format">…</dd>
    <dt>Strict</dt><dd id="strict" data-testid="strict">…</dd>
    <dt>Journal size</dt><dd id="journal-capacity">…</dd>
    <dt>Latency</dt><dd id="latency" data-testid="latency">…</dd>
  </dl>
  <form id="latency-form">
    <label for="latency-input">Latency</label>
    <input id="latency-input" data-testid="latency-input" placeholder="200 or 100-600" size="12" autocomplete="off">
    <button type="submit" data-testid="set-latency">Set</button>
    <button type="button" id="latency-none" data-testid="latency-none">None</button>
  </form>
  <h3>Fault rules</h3>
  <ul class="list" id="faults" data-testid="faults"></ul>
  <div class="row">
    <button type="button" class="danger" id="clear-faults" data-testid="clear-faults">Clear fault rules</button>
  </div>
  <p class="muted">Per request: <code>Prefer: code=503</code>, <code>Prefer: fault=network</code>, <code>Prefer: delay=500</code>, or <code>?__code=</code> and <code>?__delay=</code>.</p>
</section>
<section id="state" aria-labelledby="state-title">
  <h2 id="state-title">State</h2>
  <div class="row">
    <button type="button" class="primary" id="reset" data-testid="reset">Reset</button>
    <button type="button" id="clear-journal" data-testid="clear-journal">Clear journal</button>
  </div>
  <form id="seed-form">
    <label for="seed-input">Seed</label>
    <input id="seed-input" data-testid="seed-input" type="number" min="0" step="1" placeholder="seed">
    <button type="submit" data-testid="reset-seed">Reset with seed…</button>
  </form>
  <form id="snapshot-form">
    <label for="snapshot-name">Snapshot</label>
    <input id="snapshot-name" data-testid="snapshot-name" placeholder="name" size="14" autocomplete="off">
    <button type="submit" data-testid="save-snapshot">Save snapshot</button>
  </form>
  <h3>Snapshots</h3>
  <ul class="list" id="snapshots" data-testid="snapshots"></ul>
</section>
<section id="resources" aria-labelledby="resources-title">
  <h2 id="resources-title">Resources</h2>
  <div class="counts" id="counts"></div>
  <p class="muted">Each count links to its table below.</p>
</section>
<section id="journal-section" class="wide" aria-labelledby="journal-title">
  <h2 id="journal-title">Journal <span class="muted" id="journal-note"></span></h2>
  <div class="scroll">
    <table>
      <thead><tr>
        <th>Time (UTC)</th><th>Method</th><th>Path</th><th>Format</th><th>Status</th>
        <th class="num">ms</th><th class="num">Delay</th><th>Fault</th><th>Warnings</th>
      </tr></thead>
      <tbody id="journal" data-testid="journal"></tbody>
    </table>
  </div>
</section>
<section id="tables-section" class="wide" aria-labelledby="tables-title">
  <h2 id="tables-title">Collections</h2>
  <div class="tables" id="tables"></div>
</section>
</main>
<script>${dashboardScript}</script>
</body>
</html>
`
}
