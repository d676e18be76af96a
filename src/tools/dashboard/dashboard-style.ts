/** The dashboard's one inline style sheet: system fonts, no images, no imports. */
export const dashboardStyle = `
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
  grid-template-columns: repeat(auto-fit, minmax(330px, 1fr)); grid-auto-flow: dense;
}
section { border: 1px solid var(--line); border-radius: 6px; padding: 0.8rem 1rem; min-width: 0; }
.wide { grid-column: 1 / -1; }
/* Two columns where there are two or more; \`dense\` lets the next panel fill the gap it leaves. */
@media (min-width: 760px) { .double { grid-column: span 2; } }
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
.bodies.pairs { grid-template-columns: minmax(8rem, 1fr) 2fr 2fr; }
#journal-section .scroll { max-height: 36rem; }
pre {
  margin: 0; padding: 0.4rem; max-height: 16rem; overflow: auto; white-space: pre-wrap;
  overflow-wrap: anywhere; background: #fff; border: 1px solid var(--line); border-radius: 4px;
  font-size: 12px;
}
select { font: inherit; padding: 0.1rem 0.3rem; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
.logged-in { color: var(--ok); font-weight: 600; }
code.file { overflow-wrap: anywhere; }
#sessions-section .scroll { max-height: 18rem; }
#message {
  position: fixed; right: 1rem; bottom: 1rem; z-index: 10; max-width: min(40rem, 90vw); margin: 0;
  padding: 0.5rem 0.9rem; border: 1px solid var(--line); border-radius: 6px; background: var(--panel);
  box-shadow: 0 2px 10px rgb(0 0 0 / 0.15);
}
#fault-count { width: 5.5em; }
.fault-form, #journal-filter { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin: 0.4rem 0; }
.detail dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.8rem; margin: 0.3rem 0; }
.detail dt { font-weight: 600; }
.detail dd { margin: 0; font-family: ui-monospace, monospace; word-break: break-all; }
#message:empty { display: none; }
#message.error, #connection.error, #notices li.error { color: var(--err); }
#message.ok { color: var(--ok); }
`
