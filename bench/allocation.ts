// `npm run bench:allocation`: bytes the server's heap takes per JSON comment update, as V8
// counts them at each garbage collection (`--trace-gc-nvp`: `allocated=`, the bytes allocated
// since the collection before), summed over a bounded load and divided by its requests. The
// server is `npm start`'s command with its heap setting (`--max-semi-space-size=4`), its request
// log off unless `LOG=1` (then written to this script's pipe, as `npm start | tee` writes it).
// Another server script may be given as the argument (one that prints `listening <port>`).
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { createStore } from '../src/mock/index.ts'

const warmUp = Number(process.env.WARM_UP ?? 15_000)
const counted = Number(process.env.COUNTED ?? 40_000)
const entry = process.argv[2] ?? 'scripts/start.mjs'

const key = [...createStore({ seed: 1 }).state.comments.values()][0]?.Key ?? ''
const body = JSON.stringify({ Key: key, Message: 'An update from the benchmark' })

const child = spawn(
  process.execPath,
  [
    '--max-semi-space-size=4',
    '--trace-gc-nvp',
    entry,
    '--port',
    '0',
    ...(process.env.LOG ? [] : ['--no-log']),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
)
let text = ''
child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
const port = await new Promise<number>((resolve, reject) => {
  const check = (): void => {
    const match = /(?:listening |127\.0\.0\.1:)(\d+)/.exec(text)
    if (match) {
      child.stdout.off('data', check)
      resolve(Number(match[1]))
    }
  }
  child.stdout.on('data', check)
  child.once('exit', (code) => reject(new Error(`Failed to start the mock: exit ${code}`)))
})

async function load(amount: number): Promise<void> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/RestApi/comments-api/comments`,
    connections: 10,
    amount,
    timeout: 60,
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body,
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`Failed to load the server: ${result.errors} errors, ${result.non2xx} non-2xx`)
  }
}

/** The bytes allocated and promoted, and the collections, in a stretch of the trace. */
function collections(trace: string): { allocated: number; promoted: number; count: number } {
  let allocated = 0
  let promoted = 0
  let count = 0
  for (const match of trace.matchAll(/ gc=(\w+) .*? allocated=(\d+) promoted=(\d+)/g)) {
    allocated += Number(match[2])
    promoted += Number(match[3])
    count++
  }
  return { allocated, promoted, count }
}

try {
  await load(warmUp)
  const before = text.length
  await load(counted)
  const { allocated, promoted, count } = collections(text.slice(before))
  console.log(
    `${entry}${process.env.LOG ? ' (request log on)' : ' --no-log'}: ${warmUp} warm-up and ${counted} counted JSON updates, ${count} collections`,
  )
  console.log(`allocated ${(allocated / counted / 1000).toFixed(1)} KB/request`)
  console.log(`promoted  ${Math.round(promoted / counted)} bytes/request`)
} finally {
  child.kill('SIGKILL')
}
