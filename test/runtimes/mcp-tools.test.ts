import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { stateCollections } from '../../src/control/index.ts'
import { createControlClient } from '../../src/tools/mcp/control-client.ts'
import { createInputCheck } from '../../src/tools/mcp/input-check.ts'
import { filterJournal } from '../../src/tools/mcp/journal-tool.ts'
import { mcpResources } from '../../src/tools/mcp/mcp-resources.ts'
import { createMcpServer } from '../../src/tools/mcp/mcp-server.ts'
import { mcpTools } from '../../src/tools/mcp/mcp-tools.ts'
import { mockOrigin } from '../../src/tools/mcp/mock-url.ts'
import { fixturesSchema } from '../../src/tools/mcp/tool-schema.ts'
import type { JournalEntry } from '../../src/control/index.ts'
import { runMcp } from '../../src/tools/mcp/index.ts'
import { captured } from '../recording/captured-io.ts'
import { startServer } from '../support/index.ts'

// Issue 41: the mcp command's parts in process (the spawned command: cli-mcp.slow.test.ts).

describe('the mcp tools input schemas', () => {
  const check = createInputCheck(fixturesSchema())

  it("are the model's fields: each collection's DTO, every field and no other", () => {
    const schema = fixturesSchema()
    for (const { name, dto } of stateCollections) {
      expect(schema.properties[name]?.items?.$ref).toBe(`#/$defs/${dto.name}`)
      const properties = schema.$defs?.[dto.name]?.properties ?? {}
      expect(Object.keys(properties), dto.name).toEqual(dto.entries.map((entry) => entry.name))
      expect(schema.$defs?.[dto.name]?.additionalProperties).toBe(false)
    }
  })

  it('name a misspelt field, at any depth, with the one meant', () => {
    expect(check({ Comments: [{ Key: 'a' }, { Key: 'b', Mesage: 'x' }] })).toBe(
      "unknown field 'Comments[1].Mesage' (did you mean 'Message'?): the fields there are Key, Name, Message, DateCreated, ProfilePictureUrl, ProfilePictureThumbnailUrl, Status, Email, ThreadKey, AuthorIpAddress, CustomData, Rating",
    )
    expect(check({ Comments: [{ Key: 'a', message: 'x' }] })).toContain("(did you mean 'Message'?)")
    expect(check({ Commentz: [] })).toContain("unknown field 'Commentz' (did you mean 'Comments'?)")
    expect(check({ ABTests: [{ Id: 'a', Variations: [{ Nmae: 'control' }] }] })).toMatch(
      /^unknown field 'ABTests\[0\]\.Variations\[0\]\.Nmae' \(did you mean 'Name'\?\)/,
    )
  })

  it('pass a partial entity, and name a value of the wrong type by its path', () => {
    expect(check({ Comments: [{ Key: 'a', Message: 'x', Rating: 4, Status: 'Spam' }] })).toBe(
      undefined,
    )
    expect(check({ Comments: [{ Key: 'a', Rating: 'four' }] })).toContain('Comments/0/Rating')
    expect(check({})).toMatch(/fewer than 1 properties/)
  })
})

describe('the mcp --url check', () => {
  it.each([
    'http://127.0.0.1:4000',
    'http://localhost:4000/',
    'http://[::1]:4000',
    'http://127.0.0.2',
  ])('takes %s, on this machine', (text) => {
    expect(mockOrigin({ text, allowRemote: false })).toBe(new URL(text).origin)
  })

  it.each(['http://192.168.1.5:4000', 'http://example.com', 'http://127.0.0.1.nip.io:4000'])(
    'refuses %s unless remote addresses are allowed',
    (text) => {
      expect(String(mockOrigin({ text, allowRemote: false }))).toContain('is not on this machine')
      expect(mockOrigin({ text, allowRemote: true })).toBe(new URL(text).origin)
    },
  )

  it('refuses what is no http address', () => {
    expect(String(mockOrigin({ text: 'ftp://127.0.0.1', allowRemote: true }))).toContain('http://')
    expect(String(mockOrigin({ text: '127.0.0.1:4000x', allowRemote: false }))).toContain(
      "the mock's address",
    )
  })
})

describe('the mcp command', () => {
  const io = () => ({ ...captured(), stdin: process.stdin })

  it('prints its usage for --help, exit 0', async () => {
    const streams = io()
    expect(await runMcp(['--help'], streams)).toBe(0)
    expect(streams.out()).toMatch(/^Usage: restapi-mock mcp \[--url/)
  })

  it.each([
    [['--url', 'http://10.1.2.3:4000'], '--url http://10.1.2.3:4000 is not on this machine'],
    [['--url', 'not a url'], "--url must be the mock's address"],
    [['--session', 'a b'], '--session must be 1 to 64 characters'],
    [['--seed', 'x'], '--seed must be a whole number'],
    [['--nope'], "Unknown option '--nope'"],
  ])(
    'refuses %j with exit 2 and one sentence, writing nothing on stdout',
    async (args, message) => {
      const streams = io()
      expect(await runMcp(args, streams)).toBe(2)
      expect(streams.err()).toContain(`restapi-mock mcp: ${message}`)
      expect(streams.out()).toBe('')
    },
  )
})

describe('the journal filter', () => {
  const entry = (id: number, url: string, status: number, session: string | null) =>
    ({ id, url, status, session }) as JournalEntry
  const entries = [
    entry(1, 'http://m/RestApi/comments-api/comments', 200, null),
    entry(2, 'http://m/RestApi/coments-api/comments?x=1', 404, null),
    entry(3, 'http://m/RestApi/ab-testing', 503, 'a'),
  ]
  const ids = (filter: Parameters<typeof filterJournal>[1]) =>
    filterJournal(entries, filter).map((kept) => kept.id)

  it('keeps entries by path pattern, status or class, and session', () => {
    expect(ids({ path: '/restapi/*comments' })).toEqual([1, 2])
    expect(ids({ status: 404 })).toEqual([2])
    expect(ids({ status: '5xx' })).toEqual([3])
    expect(ids({ session: null })).toEqual([1, 2])
    expect(ids({ session: 'a' })).toEqual([3])
    expect(ids({})).toEqual([1, 2, 3])
  })
})

/** The MCP server in process, over the SDK's in-memory transport, driving a real server. */
async function connected(session?: string): Promise<{ client: Client; origin: string }> {
  const running = await startServer()
  const server = createMcpServer({
    tools: mcpTools,
    resources: mcpResources,
    call: createControlClient({ origin: running.url, session }),
    instructions: 'test',
  })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'test', version: '1.0.0' })
  await client.connect(clientSide)
  onTestFinished(() => client.close())
  return { client, origin: running.url }
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args })
  const text = (result.content as { text: string }[])[0]?.text ?? ''
  return { isError: result.isError === true, text, value: result.isError ? text : JSON.parse(text) }
}

describe('the mcp tools', () => {
  it('set, list and clear fault rules, which the operations then answer', async () => {
    const { client, origin } = await connected()
    const set = await call(client, 'mock_faults', {
      action: 'set',
      rule: { method: 'PUT', path: '/RestApi/comments-api/*', status: 503, count: 1 },
    })
    expect(set.value).toMatchObject({ id: 1, status: 503, remaining: 1 })
    const put = await fetch(`${origin}/RestApi/comments-api/comments`, { method: 'PUT' })
    expect(put.status).toBe(503)
    expect((await call(client, 'mock_faults', { action: 'list' })).value).toEqual({ rules: [] })
    await call(client, 'mock_faults', { action: 'set', rule: { status: 500 } })
    expect((await call(client, 'mock_faults', { action: 'clear' })).value).toEqual({ rules: [] })
    const misspelt = await call(client, 'mock_faults', { action: 'set', rule: { stauts: 500 } })
    expect(misspelt.text).toContain("unknown field 'rule.stauts' (did you mean 'status'?)")
    const refused = await call(client, 'mock_faults', { action: 'set' })
    expect(refused).toMatchObject({ isError: true, text: "mock_faults: action 'set' needs 'rule'" })
  })

  it('set, list and clear the latency', async () => {
    const { client } = await connected()
    expect((await call(client, 'mock_latency', { action: 'set', ms: 5 })).value).toEqual({
      latency: { min: 5, max: 5 },
    })
    expect((await call(client, 'mock_latency', { action: 'list' })).value).toEqual({
      latency: { min: 5, max: 5 },
    })
    expect((await call(client, 'mock_latency', { action: 'clear' })).value).toEqual({
      latency: null,
    })
  })

  it('put the login wall up, log in and out, in the session it was started in', async () => {
    const { client, origin } = await connected('agent-2')
    expect((await call(client, 'mock_login', { action: 'wall', mode: 'claims' })).value).toEqual({
      Mode: 'claims',
      LoggedIn: false,
    })
    const put = (headers: Record<string, string>) =>
      fetch(`${origin}/RestApi/comments-api/comments`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'X-Mock-Session': 'agent-2', ...headers },
        body: '{"Key":"none"}',
      })
    expect((await put({})).status).toBe(500)
    const ticket = (await call(client, 'mock_login', { action: 'login' })).value as {
      Authorization: string
    }
    expect((await put({ Authorization: ticket.Authorization })).status).toBe(404)
    await call(client, 'mock_login', { action: 'logout' })
    expect((await put({ Authorization: ticket.Authorization })).status).toBe(500)
    // The shared state's wall is still down.
    const shared = await fetch(`${origin}/__mock/login`)
    expect(await shared.json()).toEqual({ Mode: 'off', LoggedIn: false })
  })

  it('save, restore and delete a snapshot, and reset with another seed', async () => {
    const { client } = await connected()
    await call(client, 'mock_fixtures', { Comments: [{ Key: 'kept', Message: 'one' }] })
    expect(
      (await call(client, 'mock_snapshot', { action: 'save', name: 'one' })).value,
    ).toMatchObject({ name: 'one' })
    await call(client, 'mock_fixtures', { Comments: [{ Key: 'kept', Message: 'two' }] })
    await call(client, 'mock_snapshot', { action: 'restore', name: 'one' })
    const read = await call(client, 'mock_state', { kind: 'Comments', key: 'kept' })
    expect(read.value).toMatchObject({ Message: 'one' })
    await call(client, 'mock_snapshot', { action: 'delete', name: 'one' })
    expect((await call(client, 'mock_snapshot', { action: 'list' })).value).toEqual({
      snapshots: [],
    })
    const gone = await call(client, 'mock_snapshot', { action: 'restore', name: 'one' })
    expect(gone.isError).toBe(true)
    expect(gone.text).toContain('PUT /__mock/snapshots/one: 404')
    const service = await call(client, 'mock_state', { kind: 'Services', key: '/api/default' })
    expect(service.value).toMatchObject({ Route: '/api/default' })
    expect((await call(client, 'mock_reset', { seed: 7 })).value).toEqual({ seed: 7 })
    expect((await call(client, 'mock_state', { kind: 'Comments', key: 'kept' })).isError).toBe(true)
  })

  it('mark the tools that only read, and those that replace data, for the client', async () => {
    const { client } = await connected()
    const { tools } = await client.listTools()
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name)
    expect(readOnly).toEqual(['mock_state', 'mock_journal', 'mock_verify'])
    const replacing = tools.filter((tool) => tool.annotations?.destructiveHint)
    expect(replacing.map((tool) => tool.name)).toEqual([
      'mock_fixtures',
      'mock_scenario',
      'mock_reset',
      'mock_snapshot',
    ])
    expect(tools.every((tool) => tool.annotations?.openWorldHint === false)).toBe(true)
  })

  it('refuses an unknown tool and names the tools', async () => {
    const { client } = await connected()
    const answer = await call(client, 'mock_stat', {})
    expect(answer.isError).toBe(true)
    expect(answer.text).toContain("unknown tool 'mock_stat': the tools are mock_state,")
  })
})
