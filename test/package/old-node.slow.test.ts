import { existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { consumerProject, type ConsumerProject } from './consumer-project.ts'
import { withDirectoryLock } from './directory-lock.ts'
import { runCommand, runOrFail, userEnv } from './run-command.ts'

// The installed bin on a Node too old to serve (18, as the npm registry's `node` package brings
// it): --help, --version and init --help answer; serving says which Node it needs and how to
// get it, in words, with no stack trace.

const oldNodeDir = join(tmpdir(), 'restapi-mock-node18')
let project: ConsumerProject
let node18 = ''

beforeAll(async () => {
  project = await consumerProject()
  mkdirSync(oldNodeDir, { recursive: true })
  node18 = await withDirectoryLock(`${oldNodeDir}.lock`, 300_000, async () => {
    const bin = join(oldNodeDir, 'node_modules/.bin/node')
    if (!existsSync(bin))
      await runOrFail(
        'npm',
        ['install', '--prefix', oldNodeDir, '--no-audit', '--no-fund', 'node@18'],
        { cwd: oldNodeDir, env: userEnv() },
        240_000,
      )
    return bin
  })
}, 600_000)

function bin(args: string[]) {
  return runCommand(
    node18,
    [join(project.dir, 'node_modules/restapi-mock/dist/cli.js'), ...args],
    { cwd: project.dir, env: userEnv() },
    30_000,
  )
}

describe('restapi-mock on Node 18', () => {
  it('runs on Node 18', async () => {
    const version = await runCommand(node18, ['--version'], { cwd: project.dir }, 10_000)
    expect(version.stdout).toMatch(/^v18\./)
  })

  it('prints its help and its version', async () => {
    const help = await bin(['--help'])
    expect(help.code, help.stderr).toBe(0)
    expect(help.stdout).toContain('Usage: restapi-mock [options]')
    expect(help.stdout).toContain(
      'restapi-mock init [--home <home>] [--port <n>] [--app-port <n>] [--dry-run] [--yes]',
    )
    const version = await bin(['--version'])
    expect(version.code).toBe(0)
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/)
    const init = await bin(['init', '--help'])
    expect(init.code).toBe(0)
    expect(init.stdout).toContain('Usage: restapi-mock init')
  })

  it('says in words which Node serving needs, and how to get it', async () => {
    const serve = await bin(['--port', '0'])
    expect(serve.code).toBe(1)
    expect(serve.stdout).toBe('')
    expect(serve.stderr).toMatch(
      /^restapi-mock needs Node\.js 22\.12 or newer to serve; this is Node\.js 18\./,
    )
    expect(serve.stderr).toContain('nvm install 22')
    expect(serve.stderr).not.toMatch(/\n\s+at /)
  })
})
