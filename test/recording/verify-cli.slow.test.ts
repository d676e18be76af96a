import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { operations } from '../../src/index.ts'
import type { Har } from '../../src/mock/index.ts'
import {
  exitWithin,
  listenOnLoopback,
  startCli,
  tempDir,
  waitForStart,
  type LoopbackServer,
} from '../support/index.ts'

// Issue 31, done when: a recording made through --proxy against a fake upstream that answers
// like the real host (status, ResponseStatus, /Date()/) round-trips through import, then verify.

const json = { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept' }

/** A comment as the real host writes it: PascalCase, nulls left out, /Date(ms)/ (wire 6.1, 6.2). */
const stored = {
  Key: '7a1d3c52-5b7e-4a0c-9d33-2f6a0e1b8c11',
  Name: 'Ana Real',
  Message: 'Recorded on the CMS',
  DateCreated: '\\/Date(1767225600000)\\/',
  ProfilePictureUrl: '/SFRes/images/Telerik.Sitefinity.Resources/Images.DefaultPhoto.png',
  ProfilePictureThumbnailUrl: '/SFRes/images/Telerik.Sitefinity.Resources/Images.DefaultPhoto.png',
  Status: 'Published',
  Email: 'ana@example.org',
  ThreadKey: 'b2f1e0d9-3c4b-4a5e-8f70-9182a3b4c5d6',
  AuthorIpAddress: '203.0.113.7',
}

/** The host's error: the status line's reason is the ErrorCode (wire 2.3), the body ResponseStatus. */
function error(status: number, code: string, message: string): [number, string, string] {
  return [
    status,
    code,
    JSON.stringify({ ResponseStatus: { ErrorCode: code, Message: message, Errors: [] } }),
  ]
}

function startCms(): Promise<LoopbackServer> {
  return listenOnLoopback(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, string>
    const path = (request.url ?? '').split('?')[0]
    let answer: [number, string, string]
    if (path === '/RestApi/comments-api/comments') {
      // A JSON body with \/ escapes, written as ServiceStack.Text writes dates.
      answer =
        body.Key === stored.Key
          ? [
              200,
              'OK',
              JSON.stringify({ ...stored, Message: body.Message }).replaceAll('\\\\/', '\\/'),
            ]
          : error(404, 'ItemNotFoundException', `Comment not found: ${body.Key}`)
    } else if (path === '/RestApi/cms/inlineediting/containersInfo') {
      answer = error(
        400,
        'FormatException',
        'Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).',
      )
    } else {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('404')
      return
    }
    const [status, reason, text] = answer
    response.writeHead(status, reason, json).end(text)
  })
}

function send(origin: string, method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${origin}/RestApi${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
}

describe('record, import, verify', () => {
  it('round-trips a recording of the CMS through import, the mock serving its data, and verify', async () => {
    const cms = await startCms()
    const dir = tempDir()
    const har = join(dir, 'cms.har')
    // Every operation forwarded, so the CMS answers them all.
    const passthrough = operations.map((operation) => operation.requestDto.name).join(',')
    const recorder = startCli([
      '--port',
      '0',
      '--no-log',
      '--proxy',
      cms.url,
      '--record',
      har,
      '--passthrough',
      passthrough,
    ])
    const origin = await waitForStart(recorder)
    const statuses = [
      (await send(origin, 'PUT', '/comments-api/comments', { Key: stored.Key, Message: 'Hello' }))
        .status,
      (await send(origin, 'PUT', '/comments-api/comments', { Key: 'no-such-comment' })).status,
      (await send(origin, 'POST', '/cms/inlineediting/containersInfo', { PageId: 'not-a-guid' }))
        .status,
      (await send(origin, 'GET', '/pages/home')).status,
    ]
    expect(statuses).toEqual([200, 404, 400, 404])
    recorder.child.kill('SIGINT')
    expect(await exitWithin(recorder, 10_000)).toBe(0)
    await cms.close()
    expect((JSON.parse(readFileSync(har, 'utf8')) as Har).log.entries).toHaveLength(4)

    const data = join(dir, 'db.json')
    const importing = startCli(['import', har, '--out', data])
    expect(await exitWithin(importing, 30_000)).toBe(0)
    expect(importing.stderr()).toMatch(/wrote 1 Comments to .*db\.json, from 4 entries/)

    const served = startCli(['--port', '0', '--no-log', '--data', data])
    const mockOrigin = await waitForStart(served)
    const answer = await send(mockOrigin, 'PUT', '/comments-api/comments', { Key: stored.Key })
    expect(await answer.json()).toMatchObject({
      Name: stored.Name,
      Email: stored.Email,
      ThreadKey: stored.ThreadKey,
    })
    served.child.kill('SIGINT')
    expect(await exitWithin(served, 10_000)).toBe(0)

    const verifying = startCli(['verify', har])
    expect(await exitWithin(verifying, 30_000)).toBe(0)
    expect(verifying.stdout()).toMatch(/4 exchanges: 3 the same, 0 different, 1 not mocked/)
    expect(verifying.stderr()).toBe('')
  })

  it('answers verify --help and import --help with their own usage, exit 0', async () => {
    const verify = startCli(['verify', '--help'])
    const imports = startCli(['import', '--help'])
    expect(await exitWithin(verify, 10_000)).toBe(0)
    expect(await exitWithin(imports, 10_000)).toBe(0)
    expect(verify.stdout()).toMatch(/^Usage: restapi-mock verify <file\.har>/)
    expect(imports.stdout()).toMatch(/^Usage: restapi-mock import <file\.har>/)
  })
})
