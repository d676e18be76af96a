// A survey of what falls through to a replay and to the proxy: the fallback fuzzing's requests
// (test/robustness/fallback-arbitraries.ts) sent one after another against one mock, every
// problem the oracle finds (fallback-oracle.ts) kept rather than stopping at the first, then
// printed grouped by kind with one request that shows it. Where `npm run fuzz` says whether the
// properties hold and shrinks one counterexample, this says what all is wrong at once.
// Run: `npx node bench/fallback-survey.ts [--requests 500] [--runtime app|server] [--seed 7]`.
import fc from 'fast-check'
import { parseArgs } from 'node:util'
import { createApp, createServer, createStore } from '../src/index.ts'
import { createReplay } from '../src/mock/replay/index.ts'
import { fakeRecording } from '../test/support/fake-recording.ts'
import { startFakeUpstream } from '../test/support/fake-upstream.ts'
import {
  fallbackRequest,
  fallbackSetup,
  fuzzProxyTimeoutMs,
} from '../test/robustness/fallback-arbitraries.ts'
import {
  applySetup,
  fallbackProblems,
  type FallbackRuntime,
} from '../test/robustness/fallback-oracle.ts'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    runtime: { type: 'string', default: 'app' },
    seed: { type: 'string', default: '7' },
  },
})
const unexpectedErrorLog = 'restapi-mock: unexpected error while answering'

const upstream = await startFakeUpstream()
// A resolver's exception is logged by the dispatch: kept as a problem of the request it answered.
const logged: string[] = []
console.error = (...args: unknown[]) => {
  const line = args.map(String).join(' ')
  if (line.startsWith(unexpectedErrorLog)) logged.push(line.slice(0, 300))
}
const options = {
  store: createStore({ seed: 1 }),
  defaultFormat: 'json' as const,
  fallbacks: [createReplay(fakeRecording(), 'fake.har')],
  proxy: { url: upstream.url, timeoutMs: fuzzProxyTimeoutMs, insecure: false },
}
let runtime: FallbackRuntime
let close = async (): Promise<void> => {}
if (values.runtime === 'server') {
  const server = await createServer({ ...options, port: 0, log: false })
  runtime = {
    name: 'server',
    origin: server.url,
    send: (request) => fetch(request, { redirect: 'manual', signal: AbortSignal.timeout(15_000) }),
  }
  close = () => server.close()
} else {
  const app = createApp(options)
  runtime = {
    name: 'app',
    origin: 'http://localhost',
    send: async (request) => app.request(request),
  }
}

const control = (path: string, method: string, body?: string): Promise<unknown> =>
  runtime.send(
    new Request(`${runtime.origin}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    }),
  )

const groups = new Map<string, { count: number; problem: string; example: string }>()
const samples = fc.sample(fc.tuple(fallbackSetup, fallbackRequest), {
  numRuns: Number(values.requests),
  seed: Number(values.seed),
})
for (const [i, [setup, request]] of samples.entries()) {
  await control('/__mock/faults', 'DELETE')
  await control('/__mock/latency', 'PUT', 'null')
  await applySetup(runtime, setup)
  const before = logged.length
  let problems: string[]
  try {
    problems = await fallbackProblems(runtime, upstream, request, `survey ${i}`)
  } catch (error) {
    problems = [`the oracle failed: ${String(error)}`]
  }
  problems.push(...logged.slice(before))
  for (const problem of problems) {
    // Grouped by the problem's words: numbers, the journal's entry and a logged URL left out.
    const kind = problem
      .replace(/ \(journal: .*/, '')
      .replace(/^(restapi-mock: unexpected error while answering) \S+ \S+/, '$1')
      .replace(/\d+/g, 'N')
      .slice(0, 120)
    const group = groups.get(kind) ?? {
      count: 0,
      problem: problem.slice(0, 400),
      example: JSON.stringify({ setup, request: { ...request, body: request.body?.length } }).slice(
        0,
        1500,
      ),
    }
    group.count++
    groups.set(kind, group)
  }
}
for (const [kind, group] of groups)
  console.log(`\n## ${group.count}x ${kind}\n${group.problem}\n${group.example}`)
console.log(
  `\n${samples.length} requests (${values.runtime}, seed ${values.seed}): ${groups.size} kinds of problem; the upstream got ${upstream.received().total}`,
)
await close()
await upstream.close()
process.exit(0)
