import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliOptions } from '../../src/tools/cli/cli-options.ts'
import { helpText } from '../../src/tools/cli/help.ts'
import { createStore } from '../../src/index.ts'
import { buildPage } from './consumer-page.ts'
import { commentKey, projectRoot } from '../support/index.ts'
import { consumerProject, type ConsumerProject } from './consumer-project.ts'
import {
  runCommand,
  runOrFail,
  startCommand,
  type CommandResult,
  type RunningCommand,
} from './run-command.ts'

// The package as a user gets it: `npm pack` (whose prepack builds dist), the tarball installed
// into a fresh project next to msw, Vitest, TypeScript 5 and Vite, and each way in used there
// exactly as the README shows it. See consumer-project.ts for how the one install is reused.

const ours = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  version: string
}
const firstCommentKey = commentKey(createStore({ seed: 1 }))
const json = 'application/json; charset=utf-8'

let project: ConsumerProject
const started: RunningCommand[] = []

beforeAll(async () => {
  // The consumer's commands run on this Node (first in their PATH), as a user's would on theirs.
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  expect(major * 1000 + minor, 'the tests run on Node 22.12 or newer').toBeGreaterThanOrEqual(
    22_012,
  )
  project = await consumerProject()
}, 600_000)

afterAll(() => {
  for (const command of started) command.stop()
})

/** The installed bin, as npx runs it (npx itself takes seconds to start on these machines). */
function bin(): string {
  return join(project.dir, 'node_modules/.bin/restapi-mock')
}

/** Every file of the installed package, which is the tarball unpacked, relative to its root. */
function packageFiles(): string[] {
  const root = join(project.dir, 'node_modules/restapi-mock')
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort()
}

describe('the tarball', () => {
  it('holds only dist, the README, the licence and package.json', () => {
    const files = packageFiles()
    expect(
      files.filter((file) => !/^(dist\/.+|README\.md|LICENSE|package\.json)$/.test(file)),
    ).toEqual([])
    for (const entry of ['index', 'handlers', 'browser', 'cli']) {
      expect(files).toContain(`dist/${entry}.js`)
      expect(files).toContain(`dist/${entry}.d.ts`)
    }
  })

  it('ships every source map a file points to, each with its sources inside', () => {
    const root = join(project.dir, 'node_modules/restapi-mock')
    const files = packageFiles()
    const pointedTo = files
      .filter((file) => /\.(js|d\.ts)$/.test(file))
      .flatMap((file) => {
        const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(root, file), 'utf8'))
        return url?.[1] ? [join(dirname(file), url[1])] : []
      })
    expect(pointedTo.length).toBeGreaterThan(0)
    expect(pointedTo.filter((map) => !files.includes(map))).toEqual([])
    // The sources themselves are not shipped, so a map is only of use with their text.
    for (const map of pointedTo) {
      const { sources, sourcesContent } = JSON.parse(readFileSync(join(root, map), 'utf8')) as {
        sources: string[]
        sourcesContent?: (string | null)[]
      }
      expect(
        sourcesContent?.filter((text) => typeof text === 'string'),
        map,
      ).toHaveLength(sources.length)
    }
  })

  it('passes publint, strict', async () => {
    const bytes = readFileSync(project.tarball)
    const { messages, pkg } = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) },
      strict: true,
    })
    expect(pkg.name).toBe('restapi-mock')
    expect(messages.map((message) => formatMessage(message, pkg))).toEqual([])
  })

  it('passes arethetypeswrong with the ESM-only profile', async () => {
    const attw = join(projectRoot, 'node_modules/.bin/attw')
    const result = await runCommand(
      attw,
      [project.tarball, '--profile', 'esm-only', '--format', 'json'],
      { cwd: projectRoot },
      60_000,
    )
    const { analysis } = JSON.parse(result.stdout) as {
      analysis: {
        entrypoints: Record<string, unknown>
        problems: { kind: string; entrypoint: string; resolutionKind?: string }[]
      }
    }
    expect(Object.keys(analysis.entrypoints)).toEqual(
      expect.arrayContaining(['.', './handlers', './browser']),
    )
    // The profile ignores what only CommonJS would see (node10 and require from node16).
    const ignored = ['node10', 'node16-cjs']
    const problems = analysis.problems.filter(
      (problem) => !ignored.includes(problem.resolutionKind ?? ''),
    )
    expect(problems).toEqual([])
    expect(result.code, result.stderr).toBe(0)
  })
})

describe('the restapi-mock command', () => {
  it('serves the mock with npx and answers a comment update', async () => {
    const command = startCommand('npx', ['restapi-mock', '--port', '0'], { cwd: project.dir })
    started.push(command)
    const origin = await waitForStart(command, 30_000)
    const state = await fetch(`${origin}/__mock/state`)
    const { Comments } = (await state.json()) as { Comments: { Key: string }[] }
    const key = Comments[0]?.Key
    expect(key).toBe(firstCommentKey)

    const response = await fetch(`${origin}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: key, Message: 'Edited through the bin' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(json)
    expect(await response.json()).toMatchObject({ Key: key, Message: 'Edited through the bin' })
    command.stop()
  })

  it('prints the version of package.json with --version and -v', async () => {
    for (const flag of ['--version', '-v']) {
      const result = await runOrFail(bin(), [flag], { cwd: project.dir }, 30_000)
      expect(result.stdout).toBe(`${ours.version}\n`)
    }
  })

  it('lists every option with --help', async () => {
    const { stdout } = await runOrFail(bin(), ['--help'], { cwd: project.dir }, 30_000)
    expect(stdout).toBe(`${helpText()}\n`)
    for (const [name, option] of Object.entries(cliOptions)) {
      expect(stdout).toContain('negated' in option ? `--no-${name}` : `--${name}`)
    }
  })

  it('says which Node it needs to serve on an older one, and how to get it, with no stack trace', async () => {
    const system = await runOrFail('/usr/bin/node', ['--version'], { cwd: project.dir }, 10_000)
    const [major = 0, minor = 0] = system.stdout.trim().slice(1).split('.').map(Number)
    expect(major * 1000 + minor, `the system Node is ${system.stdout}`).toBeLessThan(22_012)

    const result = await runCommand(
      '/usr/bin/node',
      ['node_modules/.bin/restapi-mock', '--port', '0'],
      { cwd: project.dir },
      10_000,
    )
    expect(result.stderr).toBe(
      `restapi-mock needs Node.js 22.12 or newer to serve; this is Node.js ${system.stdout.trim().slice(1)}.\n` +
        'Install it with your version manager (nvm install 22, fnm install 22, volta install node@22,\n' +
        'mise use node@22) or from https://nodejs.org, then run the command again.\n',
    )
    expect(result.stdout).toBe('')
    expect(result.code).toBe(1)
  })
})

it('serves a request from a plain Node script that imports restapi-mock', async () => {
  const { stdout } = await runOrFail(
    process.execPath,
    ['serve-once.js'],
    { cwd: project.dir },
    30_000,
  )
  const answer = JSON.parse(stdout) as {
    url: string
    status: number
    contentType: string
    body: unknown
  }
  expect(answer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(answer.status).toBe(200)
  expect(answer.contentType).toBe(json)
  expect(answer.body).toMatchObject({ Key: firstCommentKey, Message: 'Edited from a Node script' })
})

describe('a project without msw', () => {
  // The same installed package seen from a folder whose node_modules links every package of the
  // consumer's but msw (read through --preserve-symlinks, so Node does not find the consumer's).
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'restapi-mock-no-msw-'))
    const installed = join(project.dir, 'node_modules')
    mkdirSync(join(dir, 'node_modules'))
    for (const entry of readdirSync(installed)) {
      if (entry === 'msw' || entry.startsWith('.')) continue
      symlinkSync(join(installed, entry), join(dir, 'node_modules', entry))
    }
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const run = (code: string): Promise<CommandResult> =>
    runCommand(
      process.execPath,
      ['--preserve-symlinks', '--input-type=module', '-e', code],
      { cwd: dir },
      30_000,
    )

  it('imports restapi-mock and serves a request', async () => {
    const result = await run(
      "import { createServer } from 'restapi-mock'; const s = await createServer({ port: 0, log: false }); const r = await fetch(s.url + '/RestApi/nope'); console.log(r.status); await s.close()",
    )
    expect(result.stderr).toBe('')
    expect(result.stdout.trim()).toBe('404')
  })

  it('says that restapi-mock/handlers needs msw, its peer dependency', async () => {
    const result = await run("await import('restapi-mock/handlers')")
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'Error: restapi-mock/handlers needs msw 3, its peer dependency: npm i -D msw',
    )
  })
})

describe.each(['bundler', 'nodenext'])('TypeScript 5 with moduleResolution %s', (resolution) => {
  it('type-checks code that uses all three entry points, and the recipes', async () => {
    const tsc = join(project.dir, 'node_modules/.bin/tsc')
    const { stdout: version } = await runOrFail(tsc, ['--version'], { cwd: project.dir }, 30_000)
    expect(version).toMatch(/^Version 5\./)
    const result = await runCommand(
      tsc,
      ['-p', `tsconfig.${resolution}.json`, '--listFiles'],
      { cwd: project.dir },
      120_000,
    )
    const errors = result.stdout.split('\n').filter((line) => line && !line.startsWith('/'))
    expect(errors.join('\n') + result.stderr).toBe('')
    expect(result.code).toBe(0)
    // The declarations came from the installed package, not from anywhere else.
    for (const entry of ['index', 'handlers', 'browser']) {
      expect(result.stdout).toContain(`${project.dir}/node_modules/restapi-mock/dist/${entry}.d.ts`)
    }
  }, 180_000)
})

it("passes the README's Vitest recipe with the consumer's own Vitest", async () => {
  const report = join(tmpdir(), `restapi-mock-recipe-${process.pid}.json`)
  const result = await runCommand(
    join(project.dir, 'node_modules/.bin/vitest'),
    ['run', 'recipe.test.ts', '--reporter=json', `--outputFile=${report}`],
    { cwd: project.dir },
    120_000,
  )
  const { numPassedTests, numFailedTests, numTotalTests } = JSON.parse(
    readFileSync(report, 'utf8'),
  ) as { numPassedTests: number; numFailedTests: number; numTotalTests: number }
  expect(numFailedTests, result.stdout + result.stderr).toBe(0)
  expect(numPassedTests).toBeGreaterThan(0)
  expect(numPassedTests).toBe(numTotalTests)
  expect(result.code).toBe(0)
  rmSync(report, { force: true })
}, 150_000)

it("builds the README's browser recipe with the consumer's Vite, with no Node built-in", async () => {
  const { outDir, log } = await buildPage(project)
  expect(log).not.toContain('externalized for browser compatibility')
  const assets = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'))
  expect(assets.length).toBeGreaterThan(0)
  for (const file of assets) {
    const code = readFileSync(join(outDir, 'assets', file), 'utf8')
    expect(code, file).not.toMatch(/["'`]node:|__vite-browser-external/)
  }
  expect(statSync(join(outDir, 'index.html')).size).toBeGreaterThan(0)
  expect(statSync(join(outDir, 'mockServiceWorker.js')).size).toBeGreaterThan(0)
}, 200_000)

const startLine = /restapi-mock: serving \/RestApi on (http:\/\/127\.0\.0\.1:\d+)\/RestApi /

/** Waits for the command's start line and returns the origin it serves on. */
async function waitForStart(command: RunningCommand, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const origin = startLine.exec(command.stdout())?.[1]
    if (origin) return origin
    if (command.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`Failed to start restapi-mock: ${command.stdout()}\n${command.stderr()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
