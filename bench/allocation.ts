// `npm run bench:allocation`: bytes allocated a request in the server, as V8's own GC trace
// counts them (`--trace-gc-nvp`: what each scavenge found allocated since the last), over a
// bounded run of JSON comment updates after a warm-up: the Hono floor, the bare dispatch and
// `npm start` with the log on and with `--no-log`, each with npm start's heap setting. Every
// load is bounded in count and aimed at 127.0.0.1.
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { commentUpdate, npmStartArgs, npmStartNodeOptions } from './throughput.ts'

const warmUp = Number(process.env.WARM_UP ?? 10_000)
const counted = Number(process.env.COUNTED ?? 40_000)

/** The KB one request allocates in the server that `args` starts. */
export async function allocationPerRequest(args: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, ['--trace-gc-nvp', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let allocated = 0
  let text = ''
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const lines = text.split('\n')
      text = lines.pop() ?? ''
      for (const line of lines) {
        const found = /\ballocated=(\d+)/.exec(line)
        if (found) allocated += Number(found[1])
        const listening = /(?:listening |127\.0\.0\.1:)(\d+)/.exec(line)
        if (listening) resolve(Number(listening[1]))
      }
    })
    child.once('exit', (code) =>
      reject(new Error(`Failed to start ${args.join(' ')}: exit ${code}`)),
    )
  })
  const url = `http://127.0.0.1:${port}`
  const load = (amount: number): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const request = commentUpdate('application/json')
      autocannon(
        { url, connections: 50, amount, requests: [request as autocannon.Request] },
        (error, result) => (error ? reject(error) : resolve(result)),
      )
    })
  await load(warmUp)
  const before = allocated
  await load(counted)
  // A last scavenge's report may still be on its way: a moment for it.
  await new Promise((resolve) => setTimeout(resolve, 200))
  const bytes = allocated - before
  child.kill('SIGTERM')
  return bytes / counted / 1024
}

if (import.meta.main) {
  const heap = npmStartNodeOptions()
  const cases: Array<[string, string[]]> = [
    ['Hono floor', [...heap, 'bench/hono-floor-server.ts']],
    ['bare dispatch', [...heap, 'bench/bare-dispatch-server.ts']],
    ['npm start', [...npmStartArgs(), '--port', '0']],
    ['npm start --no-log', [...npmStartArgs(), '--port', '0', '--no-log']],
  ]
  for (const [name, args] of cases) {
    const kb = await allocationPerRequest(args)
    process.stdout.write(`${name.padEnd(20)} ${kb.toFixed(1)} KB allocated a request\n`)
  }
}
