import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { playwrightSessionExpired } from '../../src/tools/init/recipes.ts'
import { describe, expect, it } from 'vitest'

// Sessions of one mock under Playwright's own runner: examples/playwright starts one mock and the
// app's dev server, and its tests each get their own session (mock-session.ts, a fixture of its
// own that drives sessions by hand; test/package/init-homes.slow.test.ts runs the shipped one).

const projectDir = fileURLToPath(new URL('../../', import.meta.url))

/** A port that was free a moment ago, for the example's two servers. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function runPlaywright(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(projectDir, 'node_modules/@playwright/test/cli.js'),
        'test',
        '-c',
        'examples/playwright/playwright.config.ts',
      ],
      { cwd: projectDir, env: { ...process.env, ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000)
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

describe('the Playwright recipe', () => {
  it('passes: parallel tests and two contexts on one mock, each in its own session, and a session that expires', async () => {
    const [mockPort, appPort] = [await freePort(), await freePort()]
    const { code, output } = await runPlaywright({
      MOCK_PORT: String(mockPort),
      APP_PORT: String(appPort),
    })
    expect(output, output).toMatch(/5 passed/)
    expect(code, output).toBe(0)
  }, 180_000)
})

describe('the README', () => {
  it('shows the "session expired" test as the example runs it', () => {
    const readme = readFileSync(join(projectDir, 'README.md'), 'utf8')
    const spec = readFileSync(
      join(projectDir, 'examples/playwright/session-expired.spec.ts'),
      'utf8',
    )
    // The example drives its sessions with a fixture of its own (mock-session.ts); a user's
    // test imports the shipped one.
    expect(spec.replace("'./mock-session.ts'", "'restapi-mock/playwright'")).toBe(
      playwrightSessionExpired,
    )
    expect(readme).toContain(playwrightSessionExpired)
  })
})
