import { escapeHtml } from '../../../wire/index.ts'
import { answerText, sideBySideRows } from './side-by-side.ts'
import type { ExchangeVerdict, Verification } from './verify-recording.ts'

const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1b1f24;background:#fff}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.summary{color:#57606a;margin:0 0 16px}
table{border-collapse:collapse;width:100%;margin:8px 0}
th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}
.same{color:#1a7f37}.different{color:#cf222e;font-weight:600}.not-mocked{color:#6e7781}
.pair td{font:12px/1.4 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;width:50%}
.pair td.gone{background:#ffebe9}.pair td.new{background:#dafbe1}.pair td.none{background:#f6f8fa}
.notes{color:#57606a}
code{font:12px ui-monospace,monospace}
`

/**
 * `restapi-mock verify --report`: one self-contained page (no script, no outside asset): the
 * table of every exchange, then each that differs with its differences and the recorded answer
 * beside the mock's, the lines that differ marked.
 */
export function verifyReport(verification: Verification, title: string): string {
  const { counts, exchanges } = verification
  const summary = `${exchanges.length} exchanges: ${counts.same} the same, ${counts.different} different, ${counts['not mocked']} not mocked`
  const rows = exchanges.map(row).join('')
  const details = exchanges
    .filter((exchange) => exchange.verdict === 'different')
    .map(section)
    .join('')
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(`restapi-mock verify: ${title}`)}</title><style>${style}</style></head><body>` +
    `<h1>restapi-mock verify: ${escapeHtml(title)}</h1><p class="summary">${escapeHtml(summary)}</p>` +
    `<table><thead><tr><th>#</th><th>Exchange</th><th>Operation</th><th>Verdict</th><th>First difference</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>${details}</body></html>`
  )
}

function exchangeName(exchange: ExchangeVerdict): string {
  let path = exchange.url
  try {
    const url = new URL(exchange.url)
    path = `${url.pathname}${url.search}`
  } catch {
    // Checked when read: kept as written.
  }
  return `${exchange.method} ${path}`
}

function row(exchange: ExchangeVerdict): string {
  const verdict = escapeHtml(exchange.verdict)
  const cell =
    exchange.verdict === 'different'
      ? `<a href="#entry-${exchange.entry}">${escapeHtml(exchange.differences[0]?.says ?? '')}</a>`
      : ''
  return (
    `<tr><td>${exchange.entry}</td><td><code>${escapeHtml(exchangeName(exchange))}</code></td>` +
    `<td>${escapeHtml(exchange.operation ?? '')}</td>` +
    `<td class="${verdict.replace(' ', '-')}">${verdict}</td><td>${cell}</td></tr>`
  )
}

function section(exchange: ExchangeVerdict): string {
  const differences = exchange.differences
    .map(
      (difference) =>
        `<tr><td>${escapeHtml(difference.part)}</td><td><code>${escapeHtml(difference.field)}</code></td>` +
        `<td>${escapeHtml(difference.recorded)}</td><td>${escapeHtml(difference.mock)}</td></tr>`,
    )
    .join('')
  const notes = exchange.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')
  const pair =
    exchange.mock === null
      ? ''
      : sideBySideRows(answerText(exchange.recorded), answerText(exchange.mock))
  return (
    `<section id="entry-${exchange.entry}"><h2>#${exchange.entry} <code>${escapeHtml(exchangeName(exchange))}</code> ` +
    `(${escapeHtml(exchange.operation ?? '')}, run with ${escapeHtml(exchange.state ?? '')})</h2>` +
    `<table><thead><tr><th>Part</th><th>Field</th><th>Recording</th><th>Mock</th></tr></thead><tbody>${differences}</tbody></table>` +
    (notes === '' ? '' : `<ul class="notes">${notes}</ul>`) +
    `<table class="pair"><thead><tr><th>Recording</th><th>Mock</th></tr></thead><tbody>${pair}</tbody></table></section>`
  )
}
