import { describe, expect, it } from 'vitest'
import { startCli, waitForStart } from '../support/index.ts'

// Issue 30, N21: `--no-always-use-utc` reads request dates as a host whose
// CommentsModuleConfig.AlwaysUseUTC is off (SF Abstractions/SiteInitializer.cs l.2091–2099
// sets it so on sites upgraded from before 7.2): the Kind read is kept, so a Local date comes
// back with the UTC host's +0000. The default is a fresh install's: UTC, no suffix.

const body = String.raw`{"Title":"tz","StartDate":"\/Date(1577836800000+0200)\/"}`

async function startDate(args: string[]): Promise<string> {
  const run = startCli(['--port', '0', '--no-log', ...args])
  const origin = await waitForStart(run)
  const response = await fetch(`${origin}/RestApi/ab-testing`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body,
  })
  return /"StartDate":"([^"]*)"/.exec(await response.text())?.[1] ?? ''
}

describe('--always-use-utc', () => {
  it('is on by default: the offset is added and the date answered as UTC', async () => {
    expect(await startDate([])).toBe(String.raw`\/Date(1577844000000)\/`)
  })

  it('is off with --no-always-use-utc: the date is answered as Local, +0000', async () => {
    expect(await startDate(['--no-always-use-utc'])).toBe(String.raw`\/Date(1577844000000+0000)\/`)
  })
})
