import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { describe, expect, it } from 'vitest'
import { cliOptions } from '../../src/tools/cli/cli-options.ts'
import { optionProblem } from '../../src/tools/cli/unknown-option.ts'
import { readRecordingArgs } from '../../src/tools/verify/recording-args.ts'
import { buildApp, readJson } from '../support/index.ts'

// A name the mock does not know gets the closest one it does and the whole list, in the CLI
// and in the control plane's answers (issue 38).

function refusal(args: string[]): string {
  try {
    parseArgs({ args, allowNegative: true, options: cliOptions })
  } catch (error) {
    return optionProblem(error as Error, cliOptions)
  }
  throw new Error(`parseArgs took ${args.join(' ')}`)
}

describe('the CLI’s unknown options', () => {
  it.each([
    [['--prot', '4000'], 'unknown option --prot; did you mean --port?'],
    [['--prot=4000'], 'unknown option --prot; did you mean --port?'],
    [['--no-cros'], 'unknown option --no-cros; did you mean --no-cors?'],
    [['--sed', '7'], 'unknown option --sed; did you mean --seed?'],
    [['--wholly-unlike-any'], 'unknown option --wholly-unlike-any'],
  ])('%j: %s', (args, message) => {
    expect(refusal(args)).toBe(message)
  })

  it('says the same for verify and import, in two lines', () => {
    let written = ''
    const stderr = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString()
        done()
      },
    })
    const io = { stdout: new Writable({ write: (_c, _e, done) => done() }), stderr }
    const options = { json: { type: 'boolean' } } as const
    const command = { name: 'verify', usage: 'Usage: …', options } as const
    const read = readRecordingArgs(command, ['--jsn'], io)
    expect(read).toBe(2)
    expect(written).toBe(
      "restapi-mock verify: unknown option --jsn; did you mean --json?\nRun 'restapi-mock verify --help' for every option.\n",
    )
  })

  it('names the command a mistyped word was meant to be', () => {
    let problem = ''
    try {
      parseArgs({ args: ['int'], options: cliOptions })
    } catch (error) {
      problem = optionProblem(error as Error, cliOptions, ['init', 'verify', 'import'])
    }
    expect(problem).toBe("unknown command 'int'; did you mean restapi-mock init?")
  })

  it('says a missing value in one sentence', () => {
    expect(refusal(['--port'])).toMatch(/^Option '--port <value>' argument missing\.?$/)
  })
})

describe('the control plane’s unknown scenario', () => {
  it('lists the scenarios there are, the closest first', async () => {
    const { app } = buildApp()
    const response = await app.request('/__mock/scenarios/emtpy', { method: 'PUT' })
    expect(response.status).toBe(404)
    expect((await readJson(response)).ResponseStatus.Message).toBe(
      "Failed to use scenario 'emtpy': no such scenario (did you mean 'empty'?); the scenarios are default, empty, large, edge-cases",
    )
  })
})

describe('the control plane’s unknown route', () => {
  it.each([
    ['GET', '/__mock/journl', 'did you mean GET /__mock/journal?'],
    [
      'POST',
      '/__mock/scenarios/empty',
      'did you mean PUT /__mock/scenarios/empty? The mock serves that path for PUT only',
    ],
  ])('%s %s: %s', async (method, path, meant) => {
    const { app } = buildApp()
    const response = await app.request(path, { method })
    expect(response.status).toBe(404)
    expect((await readJson(response)).ResponseStatus.Message).toBe(
      `Failed to find a control route for ${method} ${path}; ${meant}`,
    )
  })
})
