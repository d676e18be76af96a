import type { ExchangeVerdict, Verification } from './recording/index.ts'

/** Cut to `width` characters, an ellipsis standing for the rest. */
function fit(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`
}

function exchangeName(exchange: ExchangeVerdict): string {
  const url = URL.parse(exchange.url)
  return `${exchange.method} ${url ? `${url.pathname}${url.search}` : exchange.url}`
}

/**
 * verify's terminal table: each exchange, its operation, its verdict and its first difference,
 * then the counts. At a terminal the rows fit its `width`; piped, nothing is cut.
 */
export function verifyTable(verification: Verification, width = Infinity): string {
  const rows = verification.exchanges.map((exchange) => [
    String(exchange.entry),
    exchangeName(exchange),
    exchange.operation ?? '',
    exchange.verdict,
    exchange.differences[0]?.says ?? '',
  ])
  const head = ['#', 'Exchange', 'Operation', 'Verdict', 'First difference']
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] as string).length)),
  )
  // The exchange and the difference give way to the terminal's width; the rest stay whole.
  if (Number.isFinite(width)) widths[1] = Math.min(widths[1] as number, 44)
  const fixed = widths.slice(0, 4).reduce((sum, w) => sum + w + 2, 0)
  widths[4] = Math.max(20, Math.min(widths[4] as number, width - fixed))
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => fit(cell, widths[column] as number).padEnd(widths[column] as number))
      .join('  ')
      .trimEnd()
  const { counts, exchanges } = verification
  return [
    line(head),
    ...rows.map(line),
    '',
    `${exchanges.length} exchanges: ${counts.same} the same, ${counts.different} different, ${counts['not mocked']} not mocked`,
  ].join('\n')
}
