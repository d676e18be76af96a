import { parseArgs } from 'node:util'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createStore } from '../../mock/index.ts'
import { authModes, type AuthMode } from '../../wire/index.ts'
import { createServer, type RunningServer } from '../../node/index.ts'
import { createControlClient } from './control-client.ts'
import { mcpResources } from './mcp-resources.ts'
import { createMcpServer } from './mcp-server.ts'
import { mcpTools } from './mcp-tools.ts'
import { mockOrigin } from './mock-url.ts'

export const mcpUsage = `Usage: restapi-mock mcp [--url <http://127.0.0.1:4000>] [--session <id>] [options]

A Model Context Protocol server over stdio: the mock's control plane as tools for a coding
agent (state, fixtures, scenarios, reset, snapshots, journal, faults, latency, login, verify)
and its OpenAPI document, TypeScript types and operations as resources. Give your MCP client
the command \`npx restapi-mock mcp --url http://127.0.0.1:4000\`.

  --url <url>          drive the mock running there (loopback only unless --allow-remote);
                       without it, serve a mock of its own on a free loopback port, whose
                       address goes to stderr (stdout is the protocol's)
  --session <id>       work in this session (X-Mock-Session), not the shared state
  --allow-remote       let --url name another machine
  --seed <n>           without --url: the seed of the mock's data (default: 1)
  --port <n>           without --url: the port to serve on (default: 0, a free one)
  --auth <mode>        without --url: the login wall, off (default), claims or forms
  -h, --help           print this text
`

const options = {
  url: { type: 'string' },
  session: { type: 'string' },
  'allow-remote': { type: 'boolean', default: false },
  seed: { type: 'string', default: '1' },
  port: { type: 'string', default: '0' },
  auth: { type: 'string', default: 'off' },
  help: { type: 'boolean', short: 'h', default: false },
} as const

/** Where the tools and the process write: the process's own streams unless a test gives others. */
export interface McpIo {
  readonly stdin: NodeJS.ReadableStream
  readonly stdout: NodeJS.WritableStream
  readonly stderr: NodeJS.WritableStream
}

/**
 * `restapi-mock mcp`: serves MCP on stdin and stdout until stdin ends. Resolves with 2 for bad
 * arguments (one sentence on stderr) or 0 for `--help`; else it resolves once serving, and the
 * process ends when the client closes stdin.
 * @example process.exitCode = await runMcp(['--url', 'http://127.0.0.1:4000'], process)
 */
export async function runMcp(args: readonly string[], io: McpIo): Promise<number | undefined> {
  const refuse = (message: string): number => {
    io.stderr.write(`restapi-mock mcp: ${message}\n`)
    return 2
  }
  let values
  try {
    values = parseArgs({ args: [...args], options }).values
  } catch (error) {
    return refuse(`${(error as Error).message}\n\n${mcpUsage}`)
  }
  if (values.help) {
    io.stdout.write(mcpUsage)
    return 0
  }
  if (io.stdout === process.stdout) {
    // stdout is the protocol's: a console.log anywhere in the process (a library, the mock's
    // own code one day) would put a line into it that is no message, so it goes to stderr.
    console.log = console.info = console.debug = console.error
  }
  const session = values.session
  if (session !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(session)) {
    return refuse(`--session must be 1 to 64 characters of A-Z a-z 0-9 . _ -, got '${session}'`)
  }
  let origin: string
  let own: RunningServer | undefined
  if (values.url !== undefined) {
    const found = mockOrigin({ text: values.url, allowRemote: values['allow-remote'] })
    if (found instanceof Error) return refuse(found.message)
    origin = found
  } else {
    const started = await serveOwnMock(values, refuse)
    if (typeof started === 'number') return started
    own = started
    origin = started.url
    io.stderr.write(
      `restapi-mock mcp: serving a mock of its own on ${origin}/RestApi (dashboard ${origin}/__mock)\n`,
    )
  }
  const call = createControlClient({ origin, session })
  const server = createMcpServer({
    tools: mcpTools,
    resources: mcpResources,
    call,
    instructions: instructionsFor({ origin, session }),
  })
  const transport = new StdioServerTransport(io.stdin as never, io.stdout as never)
  const stop = async (): Promise<void> => {
    await server.close().catch(() => undefined)
    await own?.close().catch(() => undefined)
  }
  // The client ends the session by closing stdin (the MCP stdio transport's shutdown); a client
  // gone without closing it leaves a broken pipe on stdout, which ends it as well.
  const end = (): void => void stop().then(() => process.exit(0))
  io.stdin.once('end', end)
  io.stdout.once('error', end)
  await server.connect(transport)
  return undefined
}

/** What the agent is told at start: which mock the tools drive, in which state. */
function instructionsFor({ origin, session }: { origin: string; session?: string }): string {
  const state =
    session === undefined
      ? ' (its shared state)'
      : `, in session '${session}' (send X-Mock-Session: ${session} to see what the tools set up)`
  return (
    `These tools drive restapi-mock, a mock of a CMS's ServiceStack /RestApi, at ${origin}${state}. ` +
    'Read the resources for the DTOs and operations; set up a case with mock_fixtures, and see ' +
    'why a request failed with mock_journal.'
  )
}

async function serveOwnMock(
  values: { seed: string; port: string; auth: string },
  refuse: (message: string) => number,
): Promise<RunningServer | number> {
  const seed = Number(values.seed)
  if (!/^\d+$/.test(values.seed) || seed > 2 ** 31 - 1) {
    return refuse(`--seed must be a whole number from 0 to ${2 ** 31 - 1}, got '${values.seed}'`)
  }
  const port = Number(values.port)
  if (!/^\d+$/.test(values.port) || port > 65535) {
    return refuse(`--port must be a whole number from 0 to 65535, got '${values.port}'`)
  }
  const auth = authModes.find((mode) => mode === values.auth.toLowerCase()) as AuthMode | undefined
  if (auth === undefined) return refuse(`--auth must be one of ${authModes.join(', ')}`)
  try {
    // No request log: stdout is the protocol's, and a line there would break it.
    return await createServer({
      store: createStore({ seed }),
      port,
      host: '127.0.0.1',
      auth,
      log: false,
    })
  } catch (error) {
    return refuse(`could not start the mock: ${(error as Error).message}`)
  }
}
