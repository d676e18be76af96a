import { cliOptions, type CliOption } from './cli-options.ts'

/** The options about a real host and its recordings (cli-upstream.ts reads them). */
const upstreamOptions = [
  'proxy',
  'proxy-timeout',
  'proxy-insecure',
  'passthrough',
  'record',
  'record-secrets',
  'record-max-body',
  'replay',
] as const

/**
 * Whether a command line asks for the proxy, the recorder or the replay: one of their options
 * differs from its default. Only then does their code load (cli-upstream.ts); a start without
 * them compiles none of it (docs/performance.md, "Cold start"). Some have defaults, so an option
 * merely present in the parsed values asks for nothing.
 * @example asksForUpstream({ 'proxy-timeout': '30000' }) // false
 */
export function asksForUpstream(
  values: Partial<Record<(typeof upstreamOptions)[number], unknown>>,
): boolean {
  return upstreamOptions.some((name) => values[name] !== (cliOptions[name] as CliOption).default)
}
