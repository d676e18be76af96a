import { defaultCounts } from '../../store/index.ts'
import { authModes, formats, onMissModes } from '../../wire/index.ts'

/** One command-line option: what `parseArgs` reads, plus how `--help` lists it. */
export interface CliOption {
  readonly type: 'string' | 'boolean'
  readonly short?: string
  /** The value's placeholder in the usage text (`<n>`). */
  readonly arg?: string
  readonly default?: string | boolean
  /** A switch that is on by default, so `--help` lists its `--no-` form. */
  readonly negated?: boolean
  /** May be given more than once; its values come as a list. */
  readonly multiple?: boolean
  readonly help: string
}

const countsText = Object.entries(defaultCounts)
  .map(([kind, count]) => `${kind}=${count}`)
  .join(',')

/**
 * Every option of `restapi-mock`, in the order `--help` lists them. The table is also the
 * `parseArgs` configuration (it ignores the extra fields), so an option cannot be read without
 * being listed.
 */
export const cliOptions = {
  port: {
    type: 'string',
    arg: '<n>',
    help: "port to listen on (default: package.json's config.mockPort under npm run, $PORT, or 4000)",
  },
  host: { type: 'string', arg: '<addr>', default: '127.0.0.1', help: 'address to bind' },
  'allowed-hosts': {
    type: 'string',
    arg: '<host,...>',
    help: 'more Host names to serve than loopback ones and --host (.example.com: it and its subdomains; all: any)',
  },
  seed: { type: 'string', arg: '<n>', default: '1', help: 'seed of the generated data' },
  counts: {
    type: 'string',
    arg: '<k=n,...>',
    help: `entities to seed: abTests, services, containers, comments, pages (default: ${countsText})`,
  },
  scenario: {
    type: 'string',
    arg: '<name>',
    help: 'start in a scenario: default, empty, large, or one of --scenarios',
  },
  scenarios: {
    type: 'string',
    arg: '<file.json>',
    help: 'more scenarios: {"<name>":{"description","seed","counts","fixtures"}}',
  },
  data: {
    type: 'string',
    arg: '<db.json>',
    help: 'start from the entities of a file in the /__mock/state shape (partial ones completed)',
  },
  watch: {
    type: 'boolean',
    default: false,
    help: 'reload the --data file when it changes; a broken change is refused and logged',
  },
  proxy: {
    type: 'string',
    arg: '<url>',
    help: 'forward what the mock does not implement to this host (never /__mock)',
  },
  'proxy-timeout': {
    type: 'string',
    arg: '<ms>',
    default: '30000',
    help: 'a 504 when the --proxy host has not answered within this time; past it, a trickled answer streams',
  },
  'proxy-insecure': {
    type: 'boolean',
    default: false,
    help: "accept the --proxy host's self-signed certificate",
  },
  passthrough: {
    type: 'string',
    arg: '<operation,...>',
    help: 'forward these implemented operations too (CommentUpdateRequest, ...)',
  },
  record: {
    type: 'string',
    arg: '<file.har>',
    help: 'append every proxied exchange to this HAR file, secrets redacted',
  },
  'record-max-body': {
    type: 'string',
    arg: '<bytes>',
    default: '1048576',
    help: 'the most of each body --record keeps (decoded); a larger one is kept as its size',
  },
  'record-secrets': {
    type: 'boolean',
    default: false,
    help: 'keep Authorization, cookies, API keys and passwords in the --record file',
  },
  redact: {
    type: 'string',
    arg: '<name>',
    multiple: true,
    help: 'also redact the values of this name in --record and the journal, as password is (repeatable)',
  },
  replay: {
    type: 'string',
    arg: '<file.har>',
    multiple: true,
    help: 'serve recorded answers from this HAR file before --proxy and the 404 (repeatable)',
  },
  'xml-namespace': {
    type: 'string',
    arg: '<Dto>=<ns>',
    multiple: true,
    help: "a DTO's XML namespace on your real host, where it is not the default (repeatable)",
  },
  strict: {
    type: 'boolean',
    default: false,
    help: 'answer 400 where the real server silently drops a value',
  },
  'always-use-utc': {
    type: 'boolean',
    default: true,
    negated: true,
    help: 'read request dates as a host with AlwaysUseUTC off does (sites upgraded from before Sitefinity 7.2): not made UTC, written back with +0000',
  },
  auth: {
    type: 'string',
    arg: '<mode>',
    default: 'off',
    help: `the CMS's login wall: ${authModes.join(', ')}; log in with POST /__mock/login`,
  },
  'on-miss': {
    type: 'string',
    arg: '<mode>',
    default: 'warn',
    help: `a request no route takes: ${onMissModes.join(', ')} (warn: the 404 and the log name the route it was near; error: the connection is dropped; off: the plain 404)`,
  },
  'default-format': {
    type: 'string',
    arg: '<f>',
    default: 'html',
    help: `format when a request names none: ${formats.join(', ')}`,
  },
  'base-path': {
    type: 'string',
    arg: '<path>',
    default: '/RestApi',
    help: 'where the service lives',
  },
  latency: {
    type: 'string',
    arg: '<ms|min-max>',
    help: 'delay every operation: 200, or a range 100-600',
  },
  'shutdown-timeout': {
    type: 'string',
    arg: '<ms>',
    default: '10000',
    help: 'on SIGINT/SIGTERM, ms to wait for requests under way (a download already streaming is cut off at once), then as long for the state file',
  },
  'state-file': {
    type: 'string',
    arg: '<path>',
    help: 'load state from this JSON file if it exists, write it after changes',
  },
  'max-snapshots': {
    type: 'string',
    arg: '<n>',
    default: '100',
    help: 'named snapshots kept at once; saving one more is a 400',
  },
  'max-state-bytes': {
    type: 'string',
    arg: '<n>',
    default: '67108864',
    help: 'bytes of JSON writes may add to a state (each session too) past its start; a write past it is a 507',
  },
  'max-sessions': {
    type: 'string',
    arg: '<n>',
    default: '1000',
    help: 'sessions kept at once; past it the least recently used is dropped',
  },
  'cors-origin': {
    type: 'string',
    arg: '<origin,...>',
    help: 'more origins whose pages may call the mock than loopback ones (null: file pages; *: any site)',
  },
  cors: {
    type: 'boolean',
    default: true,
    negated: true,
    help: 'no CORS headers, as the real host (other origins are still refused)',
  },
  log: { type: 'boolean', default: true, negated: true, help: 'no line per request on stdout' },
  quiet: {
    type: 'boolean',
    short: 'q',
    default: false,
    help: 'print nothing on stdout: no start banner, no request log (errors still go to stderr)',
  },
  version: { type: 'boolean', short: 'v', default: false, help: 'print the version and exit' },
  help: { type: 'boolean', short: 'h', default: false, help: 'print this text and exit' },
} as const satisfies Record<string, CliOption>
