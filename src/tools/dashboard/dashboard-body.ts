// The dashboard's markup: static, with no data in it; the page's script fills it in.

export const dashboardTitle = 'restapi-mock dashboard'

/**
 * The page's markup inside `<body>`, without its script: the page's home draws it into the
 * app's own page and runs `runDashboard` there (draw-dashboard.ts).
 * @example document.body.innerHTML = dashboardBody(escapeHtml('/RestApi'))
 */
export function dashboardBody(basePath: string): string {
  return `<header>
  <h1>restapi-mock</h1>
  <span class="muted">serving <code data-testid="base-path">${basePath}</code>, control API under <code>/__mock</code></span>
  <a href="/__mock/journal.har" download="restapi-mock.har" data-testid="har">Download HAR</a>
  <a href="/__mock/state" data-testid="state-link">State JSON</a>
  <a href="/__mock/openapi.json" data-testid="openapi-link">OpenAPI</a>
  <span class="spacer"></span>
  <label title="The state the counts, tables, settings and journal show">Showing <select id="view" data-testid="view"><option value="">the shared state</option></select></label>
  <span id="connection" class="muted" data-testid="connection">loading…</span>
  <label title="Poll the mock every 1.5 s"><input type="checkbox" id="live" checked> Live</label>
</header>
<p id="message" role="status" aria-live="polite"></p>
<main>
${settingsSection}${stateSection}${resourcesSection}${sessionsSection}${upstreamSection}${journalSection}${tablesSection}</main>
`
}

// The page's sections, in the order the body lists them (static markup: no data in it).
/** The seed, format, latency and fault rules, with their forms. */
const settingsSection = `<section id="settings" aria-labelledby="settings-title">
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
  <p class="muted">Add a rule: the method, the path (<code>*</code> for any run of characters), what it does, its status or ms, and how many times (empty: every time).</p>
  <form id="fault-form" class="fault-form" data-testid="fault-form">
    <select id="fault-method" data-testid="fault-method" aria-label="Method"><option value="">any method</option><option>GET</option><option>POST</option><option>PUT</option><option>DELETE</option><option>PATCH</option></select>
    <input id="fault-path" data-testid="fault-path" aria-label="Path, * for any run of characters" value="*" size="16" autocomplete="off">
    <select id="fault-kind" data-testid="fault-kind" aria-label="What it does"><option value="status">answers the status</option><option value="network">drops the connection</option><option value="delay">waits, in ms</option></select>
    <input id="fault-value" data-testid="fault-value" aria-label="Status or ms" placeholder="503" size="5" autocomplete="off">
    <input id="fault-count" data-testid="fault-count" aria-label="How many times (empty: every time)" type="number" min="1" step="1" placeholder="times">
    <button type="submit" data-testid="add-fault">Add rule</button>
  </form>
  <div class="row">
    <button type="button" class="danger" id="clear-faults" data-testid="clear-faults">Clear fault rules</button>
  </div>
  <p class="muted">Per request: <code>Prefer: code=503</code>, <code>Prefer: fault=network</code>, <code>Prefer: delay=500</code>, or <code>?__code=</code> and <code>?__delay=</code>.</p>
</section>
`

/** Reset, the seed, snapshots and notices. */
const stateSection = `<section id="state" aria-labelledby="state-title">
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
  <h3>Notices</h3>
  <ul class="list" id="notices" data-testid="notices"></ul>
</section>
`

/** The count of each collection. */
const resourcesSection = `<section id="resources" aria-labelledby="resources-title">
  <h2 id="resources-title">Resources <span class="muted" id="resources-view"></span></h2>
  <div class="counts" id="counts"></div>
  <p class="muted">Each count links to its table below.</p>
</section>
`

/** The sessions table and its delete button. */
const sessionsSection = `<section id="sessions-section" class="double" aria-labelledby="sessions-title">
  <h2 id="sessions-title">Sessions <span class="muted" id="sessions-note"></span> <span class="muted" id="login-mode" data-testid="login-mode"></span></h2>
  <div class="scroll">
    <table>
      <thead><tr>
        <th>Session</th><th>Scenario</th><th>Created (UTC)</th><th>Last used (UTC)</th>
        <th class="num">Requests</th><th id="login-head" hidden>Login</th><th></th>
      </tr></thead>
      <tbody id="sessions" data-testid="sessions"></tbody>
    </table>
  </div>
  <div class="row">
    <button type="button" class="danger" id="delete-sessions" data-testid="delete-sessions">Delete every session</button>
    <span class="muted">A session is named by <code>X-Mock-Session</code>, <code>?__session=</code> or the <code>restapi-mock-session</code> cookie, and made on first use.</span>
  </div>
</section>
`

/** The proxy, passthrough, record and replay settings, set at start. */
const upstreamSection = `<section id="upstream-section" aria-labelledby="upstream-title">
  <h2 id="upstream-title">Proxy and recordings</h2>
  <dl>
    <dt>Proxy</dt><dd id="upstream" data-testid="upstream">…</dd>
    <dt>Passthrough</dt><dd id="passthrough" data-testid="passthrough">…</dd>
    <dt>Record</dt><dd id="record" data-testid="record">…</dd>
    <dt>Replay</dt><dd id="replays" data-testid="replays">…</dd>
  </dl>
  <p class="muted">Set at start: <code>--proxy</code>, <code>--passthrough</code>, <code>--record</code>, <code>--replay</code>.</p>
</section>
`

/** The journal, its filter and its table. */
const journalSection = `<section id="journal-section" class="wide" aria-labelledby="journal-title">
  <h2 id="journal-title">Journal <span class="muted" id="journal-note"></span></h2>
  <form id="journal-filter" class="row" data-testid="journal-filter">
    <select id="filter-status" data-testid="filter-status" aria-label="Status"><option value="">any status</option><option value="2">2xx</option><option value="3">3xx</option><option value="4">4xx</option><option value="5">5xx</option><option value="0">network errors</option></select>
    <input id="filter-path" data-testid="filter-path" aria-label="Path contains" placeholder="path contains" size="20" autocomplete="off">
    <select id="filter-session" data-testid="filter-session" aria-label="Session"><option value="">any session</option></select>
    <label><input type="checkbox" id="filter-warnings" data-testid="filter-warnings"> with warnings</label>
  </form>
  <div class="scroll">
    <table>
      <thead><tr>
        <th>Time (UTC)</th><th>Session</th><th>Source</th><th>Method</th><th>Path</th><th>Format</th>
        <th>Status</th><th class="num">ms</th><th class="num">Delay</th><th>Fault</th>
        <th>Warnings</th>
      </tr></thead>
      <tbody id="journal" data-testid="journal"></tbody>
    </table>
  </div>
</section>
`

/** A table per collection. */
const tablesSection = `<section id="tables-section" class="wide" aria-labelledby="tables-title">
  <h2 id="tables-title">Collections <span class="muted" id="tables-view"></span></h2>
  <div class="tables" id="tables"></div>
</section>
`
