import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exitWithin, startCli, stopCli, tempDir, waitForStart } from '../support/index.ts'

// Issue 26, point 14, over the command: a scenarios file with keys it does not know stops the
// start in one line naming them, and a redefined `default` is where the server starts.

function scenariosFile(dir: string, document: unknown): string {
  const path = join(dir, 'scenarios.json')
  writeFileSync(path, JSON.stringify(document))
  return path
}

const redefined = {
  default: {
    description: 'One comment of my own',
    counts: { comments: 1 },
    fixtures: { Comments: [{ Key: 'mine', Message: 'from my default' }] },
  },
}

async function commentKeys(origin: string): Promise<string[]> {
  const state = (await (await fetch(`${origin}/__mock/state`)).json()) as {
    Comments: { Key: string }[]
  }
  return state.Comments.map((comment) => comment.Key)
}

describe('the command with a scenarios file', () => {
  it('stops the start with exit 2 and one line naming typo.cuonts', async () => {
    const file = scenariosFile(tempDir(), { typo: { cuonts: { comments: 1 } } })
    const run = startCli(['--port', '0', '--scenarios', file])
    expect(await exitWithin(run, 20_000)).toBe(2)
    const lines = run.stderr().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^restapi-mock: could not start: .*unknown key typo\.cuonts \(/)
  })

  it('starts in a redefined default: the start equals PUT /__mock/scenarios/default', async () => {
    const run = startCli([
      '--port',
      '0',
      '--no-log',
      '--scenarios',
      scenariosFile(tempDir(), redefined),
    ])
    const origin = await waitForStart(run)
    const start = await (await fetch(`${origin}/__mock/state`)).text()
    expect(await commentKeys(origin)).toContain('mine')
    expect(await commentKeys(origin)).toHaveLength(2)
    const listed = (await (await fetch(`${origin}/__mock/scenarios`)).json()) as {
      scenarios: { name: string; description: string }[]
    }
    expect(listed.scenarios[0]).toEqual({ name: 'default', description: 'One comment of my own' })
    expect((await fetch(`${origin}/__mock/scenarios/default`, { method: 'PUT' })).status).toBe(200)
    expect(await (await fetch(`${origin}/__mock/state`)).text()).toBe(start)
  })

  it('keeps a saved --state-file at the next start rather than the redefined default', async () => {
    const dir = tempDir()
    const stateFile = join(dir, 'state.json')
    const args = ['--port', '0', '--no-log', '--scenarios', scenariosFile(dir, redefined)]
    const first = startCli([...args, '--state-file', stateFile])
    const origin = await waitForStart(first)
    const posted = await fetch(`${origin}/__mock/fixtures`, {
      method: 'POST',
      body: JSON.stringify({ Comments: [{ Key: 'saved' }] }),
    })
    expect(posted.status).toBe(201)
    // The write reaches the file within the state file's interval; SIGTERM flushes it too.
    first.child.kill('SIGTERM')
    expect(await exitWithin(first, 20_000)).toBe(0)
    expect(readFileSync(stateFile, 'utf8')).toContain('"saved"')
    stopCli(first)
    const second = startCli([...args, '--state-file', stateFile])
    const keys = await commentKeys(await waitForStart(second))
    expect(keys).toContain('saved')
    expect(keys).toContain('mine')
  })
})
