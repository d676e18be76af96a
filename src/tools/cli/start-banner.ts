import type { Mock } from '../../mock/index.ts'

/** What the start says besides the mock itself: how it was started. */
export interface BannerFacts {
  readonly mock: Mock
  /** Where it listens: `http://127.0.0.1:4000`. */
  readonly url: string
  readonly seed: number
  readonly scenario: string
  readonly startedInMs: number
  /** Short notes for the first line: `strict`, `state file db.json`, `no CORS`. */
  readonly notes: readonly string[]
  /** The upstream of `--proxy`, and the files of `--record` and `--replay`. */
  readonly upstream?: string
  readonly record?: string
  readonly replay?: readonly string[]
}

/**
 * The lines the command prints once it serves: where (the first line, which scripts wait for,
 * keeps its old form), the dashboard, the operations, the data, and how to stop.
 */
export function startBanner(facts: BannerFacts): string {
  const { mock, url } = facts
  const base = mock.config.basePath
  const first =
    `restapi-mock: serving ${base} on ${url}${base}` +
    ` (${[`seed ${facts.seed}`, `default format ${mock.config.defaultFormat}`, ...facts.notes].join(', ')})` +
    ` in ${facts.startedInMs} ms`
  const methodWidth = Math.max(...mock.operations.map((operation) => operation.method.length))
  const operations = mock.operations.map(
    (operation) => `${operation.method.padEnd(methodWidth)} ${base}${operation.route}`,
  )
  const rows: [string, string][] = [
    ['dashboard', `${url}/__mock`],
    ...operations.map((line, i): [string, string] => [i === 0 ? 'operations' : '', line]),
    ['data', `scenario ${facts.scenario}, seed ${facts.seed} (${url}/__mock/state)`],
  ]
  if (facts.upstream) rows.push(['proxy', `what the mock does not serve goes to ${facts.upstream}`])
  if (facts.record) rows.push(['record', facts.record])
  for (const file of facts.replay ?? []) rows.push(['replay', file])
  rows.push(['stop', 'Ctrl-C'])
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  return [first, ...rows.map(([label, text]) => `  ${label.padEnd(width)}${text}`), ''].join('\n')
}
