import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { Har } from '../../src/mock/index.ts'
import {
  projectRoot,
  startCli,
  stopCli,
  tempDir,
  waitFor,
  waitForStart,
  type CliRun,
} from '../support/index.ts'

// Issue 41, done when: `restapi-mock mcp`, spawned as the bin runs and driven by the SDK's own
// stdio client, lists its tools and resources, and its tools change the state the mock serves
// over HTTP: against a mock of its own (no --url) and against a running CLI in a session.

interface Connected {
  readonly client: Client
  /** The mock's origin the tools drive. */
  readonly origin: string
  /** What the command wrote on stderr. */
  stderr(): string
  /** Errors of the client's transport: a line on stdout that is no message would be one. */
  readonly transportErrors: Error[]
}

/** Spawns `node src/tools/cli/start.ts mcp <args>` and connects the SDK's client to it. */
async function connect(args: readonly string[]): Promise<Omit<Connected, 'origin'>> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['src/tools/cli/start.ts', 'mcp', ...args],
    cwd: projectRoot,
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const transportErrors: Error[] = []
  const client = new Client({ name: 'restapi-mock-test', version: '1.0.0' })
  client.onerror = (error) => transportErrors.push(error)
  onTestFinished(() => client.close())
  await client.connect(transport)
  return { client, stderr: () => stderr, transportErrors }
}

/** A tool's answer: its text, parsed when it is JSON, and whether it is an error. */
async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; text: string; value: unknown }> {
  const result = await client.callTool({ name, arguments: args })
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? ''
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    value = undefined
  }
  return { isError: result.isError === true, text, value }
}

const modes = [
  {
    mode: 'a mock of its own (no --url)',
    session: undefined,
    async start(): Promise<Connected> {
      const connected = await connect([])
      const origin = await waitFor(
        'the mock address on stderr',
        () =>
          /serving a mock of its own on (http:\/\/127\.0\.0\.1:\d+)\//.exec(
            connected.stderr(),
          )?.[1],
        10_000,
      )
      return { ...connected, origin }
    },
  },
  {
    mode: 'a running CLI, with --session',
    session: 'agent-1',
    async start(): Promise<Connected> {
      const origin = await waitForStart(startCli(['--port', '0', '--no-log']))
      const connected = await connect(['--url', origin, '--session', 'agent-1'])
      return { ...connected, origin }
    },
  },
] as const

describe.each(modes)('restapi-mock mcp against $mode', ({ start, session }) => {
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    ...(session ? { 'X-Mock-Session': session } : {}),
  }

  it('lists its tools and resources, and its fixtures are what a PUT over HTTP sees', async () => {
    const { client, origin, transportErrors } = await start()
    // The agent is told which mock the tools drive, and in which state.
    expect(client.getInstructions()).toContain(
      `at ${origin}${session ? `, in session '${session}'` : ' (its shared state)'}`,
    )
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual([
      'mock_state',
      'mock_fixtures',
      'mock_scenario',
      'mock_reset',
      'mock_snapshot',
      'mock_journal',
      'mock_faults',
      'mock_latency',
      'mock_login',
      'mock_verify',
    ])
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false)
      expect(tool.description?.length, tool.name).toBeGreaterThan(40)
    }
    const fixtures = tools.find((tool) => tool.name === 'mock_fixtures')
      ?.inputSchema as unknown as {
      $defs: Record<string, { properties: Record<string, unknown> }>
    }
    // The comment's fields, from the model's field table.
    expect(Object.keys(fixtures.$defs.CommentResponse?.properties ?? {})).toContain('Message')

    const { resources } = await client.listResources()
    expect(resources.map((resource) => resource.uri)).toEqual([
      'restapi-mock://openapi.json',
      'restapi-mock://types/typescript',
      'restapi-mock://operations',
    ])
    const text = async (uri: string): Promise<string> =>
      ((await client.readResource({ uri })).contents[0] as { text: string }).text
    const openApi = JSON.parse(await text('restapi-mock://openapi.json')) as {
      paths: Record<string, unknown>
    }
    expect(Object.keys(openApi.paths)).toContain('/RestApi/comments-api/comments')
    expect(await text('restapi-mock://types/typescript')).toMatch(
      /export class CommentResponse[\s\S]*Message/,
    )
    expect(await text('restapi-mock://operations')).toContain(
      '| PUT | `/RestApi/comments-api/comments` | CommentUpdateRequest |',
    )

    const stored = await callTool(client, 'mock_fixtures', {
      Comments: [{ Key: 'mcp-1', Message: 'Set by the agent', Status: 'Spam' }],
    })
    expect(stored.isError).toBe(false)
    expect(stored.value).toMatchObject({ Comments: [{ Key: 'mcp-1', Status: 'Spam' }] })

    const put = await fetch(`${origin}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ Key: 'mcp-1' }),
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ Message: 'Set by the agent', Status: 'Spam' })
    const read = await callTool(client, 'mock_state', { kind: 'Comments', key: 'mcp-1' })
    expect(read.value).toMatchObject({ Key: 'mcp-1', Message: 'Set by the agent' })
    if (session) {
      // The session's state is what the tools changed; the shared state has no such comment.
      const shared = await fetch(`${origin}/RestApi/comments-api/comments`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ Key: 'mcp-1' }),
      })
      expect(shared.status).toBe(404)
    }
    // Nothing but protocol messages reached the client on stdout, the mock's requests included.
    expect(transportErrors).toEqual([])
  })

  it('shows a mistyped request in mock_journal with its status and its near miss, as X-Mock-Warning says them', async () => {
    const { client, origin, transportErrors } = await start()
    await callTool(client, 'mock_fixtures', { Comments: [{ Key: 'mcp-2' }] })
    const mistyped = await fetch(`${origin}/RestApi/coments-api/comments`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ Key: 'mcp-2' }),
    })
    expect(mistyped.status).toBe(404)
    const nearMiss = mistyped.headers.get('x-mock-warning')
    expect(nearMiss).toContain('did you mean PUT /RestApi/comments-api/comments?')
    const warned = await fetch(`${origin}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ Key: 'mcp-2', Rating: 'five' }),
    })
    expect(warned.status).toBe(200)
    const warning = warned.headers.get('x-mock-warning')
    expect(warning).toContain('Rating')

    const missed = await callTool(client, 'mock_journal', { status: '4xx', path: '*coments*' })
    expect(missed.isError).toBe(false)
    const document = missed.value as {
      matching: number
      entries: {
        method: string
        url: string
        status: number
        warnings: string[]
        nearMiss: boolean
      }[]
    }
    expect(document.matching).toBe(1)
    expect(document.entries[0]).toMatchObject({ method: 'PUT', status: 404 })
    expect(document.entries[0]?.url).toContain('/RestApi/coments-api/comments')
    expect(document.entries[0]?.warnings).toEqual([nearMiss])
    expect(document.entries[0]?.nearMiss).toBe(true)

    const last = await callTool(client, 'mock_journal', { limit: 1 })
    const entry = (last.value as { entries: { status: number; warnings: string[] }[] }).entries[0]
    expect(entry?.status).toBe(200)
    expect(entry?.warnings.join('; ')).toContain('Rating')
    expect(transportErrors).toEqual([])
  })

  it('verifies a HAR file as verify --json does: 0 for a matching one, 1 for a differing one', async () => {
    const { client, origin } = await start()
    await callTool(client, 'mock_fixtures', {
      Comments: [{ Key: 'mcp-3', Message: 'Recorded', Status: 'Published' }],
    })
    const put = await fetch(`${origin}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ Key: 'mcp-3', Message: 'Edited' }),
    })
    expect(put.status).toBe(200)
    const har = (await (await fetch(`${origin}/__mock/journal.har`, { headers })).json()) as Har
    expect(har.log.entries).toHaveLength(1)
    const dir = tempDir()
    const matching = join(dir, 'matching.har')
    writeFileSync(matching, JSON.stringify(har))
    const entry = har.log.entries[0] as { response: { content: { text?: string } } }
    entry.response.content.text = entry.response.content.text?.replace('"Message"', '"Mesage"')
    const differing = join(dir, 'differing.har')
    writeFileSync(differing, JSON.stringify(har))

    const same = await callTool(client, 'mock_verify', { har: matching })
    expect(same.isError).toBe(false)
    expect(same.value).toMatchObject({
      exitCode: 0,
      counts: { same: 1, different: 0 },
      exchanges: [{ verdict: 'same', operation: 'CommentUpdateRequest' }],
    })
    const different = await callTool(client, 'mock_verify', { har: differing })
    expect(different.isError).toBe(false)
    expect(different.value).toMatchObject({
      exitCode: 1,
      counts: { same: 0, different: 1 },
      exchanges: [{ verdict: 'different' }],
    })
    const differences = (different.value as { exchanges: { differences: unknown[] }[] })
      .exchanges[0]?.differences
    expect(JSON.stringify(differences)).toContain('Mesage')
    // The answers whole only when asked for: a recording's bodies can be large.
    expect(different.value).not.toHaveProperty('exchanges.0.recorded')
    const whole = await callTool(client, 'mock_verify', { har: differing, answers: true })
    expect(whole.value).toHaveProperty('exchanges.0.recorded')
    expect(whole.value).toHaveProperty('exchanges.0.mock')

    const missing = await callTool(client, 'mock_verify', { har: join(dir, 'none.har') })
    expect(missing.isError).toBe(true)
    expect(missing.value).toMatchObject({ exitCode: 2 })
    // A directory is no HAR file: verify reads regular files only.
    const folder = await callTool(client, 'mock_verify', { har: dir })
    expect(folder).toMatchObject({ isError: true, value: { exitCode: 2 } })
  })

  it('refuses a fixture with an unknown field and an unknown scenario clearly, and goes on serving', async () => {
    const { client } = await start()
    const misspelt = await callTool(client, 'mock_fixtures', {
      Comments: [{ Key: 'mcp-4', Mesage: 'typo' }],
    })
    expect(misspelt.isError).toBe(true)
    expect(misspelt.text).toContain("unknown field 'Comments[0].Mesage' (did you mean 'Message'?)")
    const scenario = await callTool(client, 'mock_scenario', { action: 'switch', name: 'nope' })
    expect(scenario.isError).toBe(true)
    expect(scenario.text).toMatch(/404.*'nope'.*the scenarios are default, empty, large/)
    const refusedValue = await callTool(client, 'mock_fixtures', {
      Comments: [{ Key: 'mcp-4', Status: 'spam' }],
    })
    expect(refusedValue.isError).toBe(true)
    expect(refusedValue.text).toContain("Comments[0].Status: 'spam' is not one of Published")

    // Still serving: the next calls answer, and nothing of the refused fixtures was stored.
    const switched = await callTool(client, 'mock_scenario', { action: 'switch', name: 'empty' })
    expect(switched).toMatchObject({ isError: false, value: { current: 'empty' } })
    const state = await callTool(client, 'mock_state', {})
    expect(state.value).toMatchObject({ Counts: { Comments: 0 } })
  })
})

describe('restapi-mock mcp --url', () => {
  it('refuses an address off this machine with a clear message, exit 2, unless --allow-remote', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['src/tools/cli/start.ts', 'mcp', '--url', 'http://192.0.2.10:4000'],
      cwd: projectRoot,
      stderr: 'pipe',
    })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const client = new Client({ name: 'restapi-mock-test', version: '1.0.0' })
    onTestFinished(() => client.close())
    await expect(client.connect(transport)).rejects.toThrow()
    await waitFor(
      'the refusal on stderr',
      () => (stderr.includes('\n') ? stderr : undefined),
      10_000,
    )
    expect(stderr).toContain(
      'restapi-mock mcp: --url http://192.0.2.10:4000 is not on this machine',
    )
    expect(stderr).toContain('--allow-remote')
  })

  it('with --allow-remote, takes that address and serves', async () => {
    // 192.0.2.0/24 (TEST-NET-1) is never routed: no tool is called, only the tools listed.
    const { client, stderr } = await connect(['--url', 'http://192.0.2.10:4000', '--allow-remote'])
    expect((await client.listTools()).tools).toHaveLength(10)
    expect(stderr()).toBe('')
  })

  it('answers a tool with the reason when no mock runs there, and goes on serving', async () => {
    // A port of this test's range that nothing listens on: the connection is refused at once.
    const { client } = await connect(['--url', 'http://127.0.0.1:5799'])
    const answer = await callTool(client, 'mock_state', {})
    expect(answer.isError).toBe(true)
    expect(answer.text).toContain(
      'Failed to reach the mock at http://127.0.0.1:5799 (ECONNREFUSED): is it running?',
    )
    expect((await client.listTools()).tools).toHaveLength(10)
  })
})

describe('the bin without mcp', () => {
  it('serves without loading the MCP SDK, which mcp loads', async () => {
    const dir = tempDir()
    const loaded = join(dir, 'loaded.txt')
    const hook = join(dir, 'hook.mjs')
    // Every module the process resolves, written down as it resolves it.
    writeFileSync(
      hook,
      `import { registerHooks } from 'node:module'\n` +
        `import { appendFileSync } from 'node:fs'\n` +
        `registerHooks({ resolve(specifier, context, next) {\n` +
        `  const resolved = next(specifier, context)\n` +
        `  appendFileSync(${JSON.stringify(loaded)}, resolved.url + '\\n')\n` +
        `  return resolved\n` +
        `} })\n`,
    )
    const run = (args: readonly string[]): CliRun => {
      const child = spawn(process.execPath, ['--import', hook, 'src/tools/cli/start.ts', ...args], {
        cwd: projectRoot,
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      let out = ''
      child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text))
      const exited = new Promise<number | string>((resolve) =>
        child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
      )
      const cli: CliRun = { child, stdout: () => out, stderr: () => '', exited }
      onTestFinished(() => stopCli(cli))
      return cli
    }
    const serving = run(['--port', '0', '--no-log'])
    const origin = await waitForStart(serving)
    expect((await fetch(`${origin}/__mock/settings`)).status).toBe(200)
    const served = readFileSync(loaded, 'utf8')
    expect(served).toContain('/src/tools/cli/cli.ts')
    expect(served).not.toContain('@modelcontextprotocol')

    writeFileSync(loaded, '')
    const mcp = run(['mcp'])
    mcp.child.stdin?.end()
    expect(await mcp.exited).toBe(0)
    expect(readFileSync(loaded, 'utf8')).toContain('@modelcontextprotocol/sdk')
  })
})
