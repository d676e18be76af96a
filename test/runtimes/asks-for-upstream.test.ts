import { parseArgs } from 'node:util'
import { describe, expect, it } from 'vitest'
import { asksForUpstream } from '../../src/tools/cli/asks-for-upstream.ts'
import { cliOptions } from '../../src/tools/cli/cli-options.ts'

// The proxy's, the recorder's and the replay's code loads only for a command line that asks for
// one of them. Two of their options have defaults, which once made every start load it.

const parsed = (args: string[]) =>
  parseArgs({ args, allowNegative: true, options: cliOptions }).values

describe('asksForUpstream', () => {
  it('is false for a plain start, whose values hold the defaults of --proxy-timeout and --record-max-body', () => {
    const values = parsed(['--port', '0', '--no-log'])
    expect(values['proxy-timeout']).toBeDefined()
    expect(values['record-max-body']).toBeDefined()
    expect(asksForUpstream(values)).toBe(false)
  })

  it.each([
    ['--proxy', 'http://127.0.0.1:1'],
    ['--proxy-timeout', '5000'],
    ['--proxy-insecure'],
    ['--passthrough', 'CommentUpdateRequest'],
    ['--record', 'x.har'],
    ['--record-secrets'],
    ['--record-max-body', '10'],
    ['--replay', 'x.har'],
  ])('is true with %s', (...args) => {
    expect(asksForUpstream(parsed(args))).toBe(true)
  })
})
