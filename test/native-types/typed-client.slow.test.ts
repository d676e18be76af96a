import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { JsonServiceClient } from '@servicestack/client'
import { parse as parseCsv } from 'csv-parse/sync'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abTestId, commentKey, projectRoot, startServer } from '../support/index.ts'

// Issue 17, end to end: `npx typescript-ref` (from @servicestack/cli) writes dtos.ts from the
// mock, `tsc` compiles it beside @servicestack/client, its update path regenerates with the
// options uncommented in the header, and `JsonServiceClient` calls the four operations with
// those DTO classes. The directory sits under the project so that both packages resolve.

const run = promisify(execFile)
const env = { ...process.env, SERVICESTACK_TELEMETRY_OPTOUT: '1' }
let dir: string

beforeAll(() => {
  mkdirSync(join(projectRoot, 'test-results'), { recursive: true })
  dir = mkdtempSync(join(projectRoot, 'test-results', 'typed-client-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** `tsc` over the generated DTOs and a client of them; throws with its report when they fail. */
async function compile(files: readonly string[]): Promise<void> {
  const tsc = join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc')
  // ServiceStack 5 declares properties without initialisers: strict mode minus that check.
  const flags = [
    '--ignoreConfig',
    '--noEmit',
    '--strict',
    '--strictPropertyInitialization',
    'false',
  ]
  const more = [
    '--target',
    'es2022',
    '--module',
    'preserve',
    '--lib',
    'es2022,dom',
    '--skipLibCheck',
  ]
  await run(process.execPath, [tsc, ...flags, ...more, ...files], { cwd: dir })
}

const client = `import { JsonServiceClient } from '@servicestack/client'
import { CommentResponse, CommentUpdateRequest, ContainerInfoMessage } from './dtos'
export async function update(base: string): Promise<CommentResponse> {
  const client = new JsonServiceClient(base).useBasePath()
  return client.put(new CommentUpdateRequest({ Key: 'k', Message: 'm' }))
}
// No return marker (the real service returns object): sent to its route with the untyped fetch.
export async function containersInfo(base: string): Promise<ContainerInfoMessage> {
  const client = new JsonServiceClient(base)
  const url = client.toAbsoluteUrl('/sitefinity/inlineediting/containersInfo')
  return client.fetch<ContainerInfoMessage>('POST', new ContainerInfoMessage({ PageId: 'p' }), null, url)
}
`

/** The second client, for a dtos.ts trimmed to one request by IncludeTypes. */
const trimmedClient = `import { CommentUpdateRequest } from './dtos'
export const request: CommentUpdateRequest = new CommentUpdateRequest({ Key: 'k' })
`

describe('typescript-ref against the mock', () => {
  it('writes dtos.ts that compiles with @servicestack/client, and updates it with changed options', async () => {
    const server = await startServer()
    const base = `${server.url}/RestApi`
    const added = await run('npx', ['--no-install', 'typescript-ref', base, 'dtos.ts'], {
      cwd: dir,
      env,
    })
    expect(added.stdout).toContain('Saved to: dtos.ts')
    const first = readFileSync(join(dir, 'dtos.ts'), 'utf8')
    // The host's line ends, \r\n (issue 30, N13), which typescript-ref keeps.
    expect(first.startsWith('/* Options:\r\n')).toBe(true)
    expect(first).toContain(`BaseUrl: ${base}\r\n`)
    expect(first).toContain('export class ABTestViewModel implements IReturn<ABTestViewModel>')
    expect(first).toContain('export class ContainerInfoMessage\r\n{')
    writeFileSync(join(dir, 'client.ts'), client)
    await compile(['dtos.ts', 'client.ts'])

    // The update path: options uncommented in the header go back as query parameters.
    writeFileSync(
      join(dir, 'dtos.ts'),
      first
        .replace('//MakePropertiesOptional: False', 'MakePropertiesOptional: True')
        .replace('//IncludeTypes: ', 'IncludeTypes: CommentUpdateRequest.*'),
    )
    const updated = await run('npx', ['--no-install', 'typescript-ref', 'dtos.ts'], {
      cwd: dir,
      env,
    })
    expect(updated.stdout).toContain('Updated: dtos.ts')
    const second = readFileSync(join(dir, 'dtos.ts'), 'utf8')
    expect(second).toContain('\r\nMakePropertiesOptional: True\r\n')
    expect(second).toContain('\r\nIncludeTypes: CommentUpdateRequest.*\r\n')
    expect(second).toContain('    public Key?: string;')
    expect(second).not.toContain('ABTestViewModel')
    writeFileSync(
      join(dir, 'client.ts'),
      client.replace(', ContainerInfoMessage', '').replace(/\/\/ No return marker[^]*$/, ''),
    )
    await compile(['dtos.ts', 'client.ts'])

    // Issue 30, N1: one request without `.*` leaves its response out, and with it the return
    // marker (SS NativeTypesMetadata.cs l.1094–1100, TypeScriptGenerator.cs l.252–265): the
    // file still compiles.
    writeFileSync(
      join(dir, 'dtos.ts'),
      second.replace(
        '\r\nIncludeTypes: CommentUpdateRequest.*\r\n',
        '\r\nIncludeTypes: CommentUpdateRequest\r\n',
      ),
    )
    await run('npx', ['--no-install', 'typescript-ref', 'dtos.ts'], { cwd: dir, env })
    const third = readFileSync(join(dir, 'dtos.ts'), 'utf8')
    expect(third).toContain('\r\nexport class CommentUpdateRequest\r\n{')
    expect(third).not.toContain('CommentResponse')
    writeFileSync(join(dir, 'client.ts'), trimmedClient)
    await compile(['dtos.ts', 'client.ts'])
  }, 120_000)
})

describe('JsonServiceClient with the generated DTOs', () => {
  it('calls the four operations, reads errors as responseStatus, and CSV and XML as text', async () => {
    const server = await startServer()
    const base = `${server.url}/RestApi`
    // typescript-ref names a file `*dtos.ts`, adding that ending when it is not there.
    const file = join(dir, 'calls.dtos.ts')
    await run('npx', ['--no-install', 'typescript-ref', base, file], { cwd: dir, env })
    const dtos = await import(file)
    const api = new JsonServiceClient(base).useBasePath()

    const key = commentKey(server.mock.store)
    // The file is generated at run time: its classes are known to the test as `any`.
    const update = new dtos.CommentUpdateRequest({ Key: key, Message: 'Typed' })
    const comment = (await api.put(update)) as { DateCreated: string }
    expect(comment).toMatchObject({ Key: key, Message: 'Typed' })
    expect(comment.DateCreated).toMatch(/^\/Date\(\d+\)\/$/)

    const id = abTestId(server.mock.store)
    const test = await api.put(new dtos.ABTestViewModel({ Id: id, Title: 'Typed title' }))
    expect(test).toMatchObject({ Id: id, Title: 'Typed title' })

    const service = await api.post(new dtos.CreateService({ Route: '/api/typed', Name: 'Typed' }))
    expect(service).toMatchObject({ Route: '/api/typed', Name: 'Typed' })

    // ContainerInfoMessage has no return marker, as on the real host (issue 30, N9): it goes to
    // its route, as production code must send it.
    // The empty GUID names no page, and the real service then looks none up (InlineEditingService.cs l.222–224).
    const pageId = '00000000-0000-0000-0000-000000000000'
    const info = await api.fetch(
      'POST',
      new dtos.ContainerInfoMessage({ PageId: pageId, ContainersInfo: [] }),
      null,
      api.toAbsoluteUrl('/sitefinity/inlineediting/containersInfo'),
    )
    expect(info).toMatchObject({ PageId: pageId, ContainersInfo: [] })

    const failed = await api.put(new dtos.CommentUpdateRequest({ Key: 'no-such-comment' })).then(
      () => null,
      (error: unknown) => error,
    )
    expect(failed).toMatchObject({
      responseStatus: {
        errorCode: 'ItemNotFoundException',
        message: 'Comment not found: no-such-comment',
      },
    })

    // The client parses JSON only. Asked for another format (`?format=`, its args), it hands the
    // answer to its parseJson hook, here the text as it came.
    const asText = Object.assign(new JsonServiceClient(base).useBasePath(), {
      parseJson: (response: Response) => response.text(),
    })
    const asCsv = new dtos.CommentUpdateRequest({ Key: key, Message: 'As CSV' })
    const csv: unknown = await asText.put(asCsv, { format: 'csv' })
    expect(parseCsv(csv as string, { columns: true })).toMatchObject([
      { Key: key, Message: 'As CSV' },
    ])
    const asXml = new dtos.CommentUpdateRequest({ Key: key, Message: 'As XML' })
    const xml: unknown = await asText.put(asXml, { format: 'xml' })
    expect(new XMLParser().parse(xml as string).CommentResponse).toMatchObject({
      Key: key,
      Message: 'As XML',
    })

    // Without useBasePath() the client sends to /api/{Dto}: the real 404, and the mock's hint.
    const hinted = await fetch(`${base}/api/CommentUpdateRequest`, { method: 'PUT', body: '{}' })
    expect(hinted.status).toBe(404)
    expect(hinted.headers.get('x-mock-warning')).toContain('useBasePath()')
    // The client turns a body that is no ResponseStatus into one made of the status.
    await expect(
      new JsonServiceClient(base).put(new dtos.CommentUpdateRequest({ Key: key })),
    ).rejects.toMatchObject({ responseStatus: { errorCode: '404' } })
  }, 120_000)
})
