// `npm run bench:instructions`: machine instructions per request in the server's main thread,
// counted by callgrind, for a JSON and a CSV comment update. Req/s moves by a tenth between two runs on these machines;
// instruction counts repeat to within about 1%, so changes to the request path are judged by
// them (docs/performance.md). Needs valgrind. Every load is bounded in count and aimed at
// 127.0.0.1. With `UPSTREAM=<url>` (a running bench/reference-server.ts) the mock forwards the
// updates there instead (`--proxy`, `--passthrough`): what the proxy costs per request. With
// `LOG=1` the request log stays on (written to a pipe, as `npm start | tee` writes it), and
// `MOCK_ARGS` adds options, and `SESSION=<id>` has every request name that session. Another server script may be given as the argument instead of the
// mock's start file, one that prints `listening <port>` and takes its upstream from
// `UPSTREAM` (`UPSTREAM=<url> npm run bench:instructions -- bench/bare-proxy.ts`: the proxy's
// floor, counted the same way). `FORMATS=json` counts only the JSON update.
import { spawn, execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { createStore } from '../src/mock/index.ts'

const warmUp = Number(process.env.WARM_UP ?? 15_000)
const counted = Number(process.env.COUNTED ?? 4_000)
const entry = process.argv[2] ?? 'src/tools/cli/start.ts'
const upstream = process.env.UPSTREAM
// `SESSION=<id>`: every request names that session, as a test's requests do.
const session = process.env.SESSION
const forwarding = upstream ? ['--proxy', upstream, '--passthrough', 'CommentUpdateRequest'] : []

const key = [...createStore({ seed: 1 }).state.comments.values()][0]?.Key ?? ''
const body = JSON.stringify({ Key: key, Message: 'An update from the benchmark' })

const out = mkdtempSync(join(tmpdir(), 'restapi-mock-callgrind-'))
const child = spawn(
  'valgrind',
  [
    '--tool=callgrind',
    '--instr-atstart=no',
    // One file per thread: the main thread's count is what a request costs; the compiler and
    // GC helper threads run on the other core and their share varies with the machine's load.
    '--separate-threads=yes',
    `--callgrind-out-file=${join(out, 'callgrind.out.%p')}`,
    process.execPath,
    '--max-semi-space-size=4',
    entry,
    '--port',
    '0',
    ...(process.env.LOG ? [] : ['--no-log']),
    ...(process.env.MOCK_ARGS ?? '').split(' ').filter(Boolean),
    ...forwarding,
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
)
child.stderr.resume()
const port = await new Promise<number>((resolve, reject) => {
  let text = ''
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString()
    const match = /(?:listening |127\.0\.0\.1:)(\d+)/.exec(text)
    if (match) resolve(Number(match[1]))
  })
  child.once('exit', (code) => reject(new Error(`Failed to start the mock: exit ${code}`)))
})
child.stdout.resume()

function load(accept: string, amount: number): Promise<void> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}/RestApi/comments-api/comments`,
        connections: 10,
        amount,
        timeout: 60,
        method: 'PUT',
        headers: {
          Accept: accept,
          'Content-Type': 'application/json',
          ...(session ? { 'X-Mock-Session': session } : {}),
        },
        body,
      },
      (error, result) => {
        if (error) return reject(error)
        if (result.non2xx > 0 || result.errors > 0) {
          const statuses = JSON.stringify(result.statusCodeStats)
          return reject(
            new Error(`Failed to load the server: ${result.errors} errors, ${statuses}`),
          )
        }
        resolve()
      },
    )
  })
}

function control(...args: string[]): void {
  execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'ignore' })
}

/** callgrind_control returns once the dump is asked for; the file follows when it is written. */
async function waitForDump(): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!readdirSync(out).some((name) => /\.\d+-01$/.test(name))) {
    if (Date.now() > deadline) throw new Error('Failed to read the callgrind dump: none in 60 s')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
}

/** The `totals:` line of the main thread's dump file (`…-01`). */
function dumpedInstructions(): number {
  let total = 0
  for (const name of readdirSync(out)) {
    if (!/\.\d+-01$/.test(name)) continue
    const text = readFileSync(join(out, name), 'utf8')
    const match = /^totals: (\d+)/m.exec(text)
    total += Number(match?.[1] ?? 0)
  }
  for (const name of readdirSync(out)) if (/\.\d+-\d+$/.test(name)) rmSync(join(out, name))
  return total
}

const results: string[] = []
try {
  const formats = [
    ['JSON comment update', 'application/json'],
    ['CSV comment update', 'text/csv'],
  ] as const
  for (const [label, accept] of process.env.FORMATS === 'json' ? formats.slice(0, 1) : formats) {
    await load(accept, warmUp)
    control('-z')
    control('-i', 'on')
    await load(accept, counted)
    control('-i', 'off')
    control('-d')
    await waitForDump()
    const perRequest = Math.round(dumpedInstructions() / counted)
    results.push(`${label.padEnd(22)} ${perRequest.toLocaleString('en')} instructions/request`)
  }
} finally {
  child.kill('SIGKILL')
  rmSync(out, { recursive: true, force: true })
}
console.log(
  `callgrind, ${entry}${process.env.LOG ? ' (request log on)' : ''}${upstream ? ` forwarding to ${upstream}` : ''}: ${warmUp} warm-up and ${counted} counted requests each`,
)
for (const line of results) console.log(line)
