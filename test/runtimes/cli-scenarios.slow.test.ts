import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exitWithin, startCli, tempDir, waitForStart } from '../support/index.ts'

// Issue 15: `--scenarios <file>` adds scenarios, `--scenario <name>` starts in one, and a broken
// file stops the start with a message naming the scenario, entity and field.

function scenariosFile(document: unknown): string {
  const path = join(tempDir(), 'scenarios.json')
  writeFileSync(path, JSON.stringify(document))
  return path
}

describe('the command with scenarios', () => {
  it('starts in a scenario of the file, with its fixtures stored', async () => {
    const file = scenariosFile({
      flagged: {
        description: 'One spam comment',
        fixtures: { Comments: [{ Key: 'spam-1', Status: 'Spam' }] },
      },
    })
    const run = startCli(['--port', '0', '--no-log', '--scenarios', file, '--scenario', 'flagged'])
    const origin = await waitForStart(run)
    const scenarios = (await (await fetch(`${origin}/__mock/scenarios`)).json()) as {
      current: string
    }
    expect(scenarios.current).toBe('flagged')
    const update = await fetch(`${origin}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: 'spam-1', Name: 'Edited' }),
    })
    expect(await update.json()).toMatchObject({ Key: 'spam-1', Status: 'Spam', Name: 'Edited' })
  })

  it.each([
    {
      behaviour: 'a fixture of the wrong type',
      document: { broken: { fixtures: { Comments: [{ Key: 'k', Rating: 'five' }] } } },
      message: /scenario 'broken'.*Comments\[0\]\.Rating/,
    },
    {
      behaviour: 'a scenario that is not an object',
      document: { broken: 3 },
      message: /scenario 'broken' must be an object/,
    },
  ])('stops the start for $behaviour, naming it', async ({ document, message }) => {
    const run = startCli(['--port', '0', '--scenarios', scenariosFile(document)])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toMatch(message)
  })

  it('starts from a --data file alone, its partial entities completed, and resets to it', async () => {
    const file = join(tempDir(), 'db.json')
    writeFileSync(file, JSON.stringify({ Comments: [{ Key: 'only-1', Message: 'from the file' }] }))
    const run = startCli(['--port', '0', '--no-log', '--data', file])
    const origin = await waitForStart(run)
    const state = async (): Promise<{ Comments: Record<string, unknown>[]; ABTests: unknown[] }> =>
      (await (await fetch(`${origin}/__mock/state`)).json()) as never
    const first = await state()
    expect(first.ABTests).toEqual([])
    expect(first.Comments).toHaveLength(1)
    expect(first.Comments[0]).toMatchObject({ Key: 'only-1', Message: 'from the file' })
    expect(first.Comments[0]?.DateCreated).toEqual(expect.any(String))
    await fetch(`${origin}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: 'only-1', Message: 'edited' }),
    })
    await fetch(`${origin}/__mock/reset`, { method: 'POST' })
    expect((await state()).Comments[0]).toMatchObject({ Message: 'from the file' })
  })

  it('stops the start for an unknown --scenario', async () => {
    const run = startCli(['--port', '0', '--scenario', 'nope'])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toMatch(/no scenario named 'nope'/)
  })
})
