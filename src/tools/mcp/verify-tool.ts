import { Writable } from 'node:stream'
import type { SettingsDocument } from '../../control/index.ts'
import type { ExchangeVerdict } from '../verify/index.ts'
import type { McpTool } from './mcp-tool.ts'
import { objectSchema } from './tool-schema.ts'

const meanings = ['no difference', 'a difference', 'bad input'] as const

/** `mock_verify`: `restapi-mock verify <har> --json`, with the mock's settings. */
export const verifyTool: McpTool = {
  name: 'mock_verify',
  description:
    'Hold the mock against a recording of the real CMS (a HAR file: a --record file, a DevTools ' +
    'export, /__mock/journal.har), as `restapi-mock verify --json` does: each exchange an ' +
    'operation serves is sent to a fresh mock in process and its answer compared with the ' +
    'recorded one. exitCode 0: no difference; 1: a difference (each exchange lists them); 2: ' +
    'bad input. The file is only read (a regular file, at most 512 MiB). Seed, base path and ' +
    "login wall are this mock's unless given.",
  annotations: { readOnlyHint: true },
  inputSchema: objectSchema(
    {
      har: { type: 'string', minLength: 1, description: 'Path of the HAR file, read only.' },
      ignore: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        description: 'Fields or headers left out of the comparison.',
      },
      seed: { type: 'integer', minimum: 0, maximum: 2 ** 31 - 1 },
      auth: { type: 'string', enum: ['off', 'claims', 'forms'] },
      answers: {
        type: 'boolean',
        default: false,
        description: "Also give each exchange's recorded and mock answers whole (large).",
      },
    },
    { required: ['har'] },
  ),
  async run(input, { call }) {
    const settings = (await call({ method: 'GET', path: '/__mock/settings' }))
      .data as SettingsDocument
    const login = (await call({ method: 'GET', path: '/__mock/login' })).data as { Mode: string }
    const args = [
      input.har as string,
      '--json',
      '--seed',
      String((input.seed as number | undefined) ?? settings.seed),
      '--auth',
      (input.auth as string | undefined) ?? login.Mode,
      '--base-path',
      settings.basePath,
      ...((input.ignore as string[] | undefined) ?? []).flatMap((field) => ['--ignore', field]),
    ]
    const out = captured()
    const err = captured()
    // The verify command's own code, loaded on first use as the bin loads it.
    const { runVerify } = await import('../verify/index.ts')
    const exitCode = await runVerify(args, { stdout: out.stream, stderr: err.stream })
    if (exitCode === 2) {
      return { value: { exitCode, meaning: meanings[2], error: err.text().trim() }, error: true }
    }
    const exchanges = out
      .text()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as ExchangeVerdict)
      .map((exchange) => (input.answers === true ? exchange : withoutAnswers(exchange)))
    const counts = { same: 0, different: 0, 'not mocked': 0 }
    for (const exchange of exchanges) counts[exchange.verdict]++
    return { value: { exitCode, meaning: meanings[exitCode] ?? 'unknown', counts, exchanges } }
  },
}

/** An exchange's verdict and differences, without the two answers' whole text. */
function withoutAnswers(exchange: ExchangeVerdict): Omit<ExchangeVerdict, 'recorded' | 'mock'> {
  const { recorded: _recorded, mock: _mock, ...rest } = exchange
  return rest
}

function captured(): { stream: Writable; text(): string } {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString()
      done()
    },
  })
  return { stream, text: () => text }
}
