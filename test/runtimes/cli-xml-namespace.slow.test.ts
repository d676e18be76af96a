import { describe, expect, it } from 'vitest'
import { commentKey, startCli, waitForStart } from '../support/index.ts'
import { createStore } from '../../src/index.ts'

// Issue 18, bug 2: `--xml-namespace <Dto>=<ns>` sets the namespaces of the team's real host on
// the command line, for the XML the mock reads (no warning for a body in it) and writes.

const key = commentKey(createStore({ seed: 1 }))
const body = (ns: string): string =>
  `<CommentUpdateRequest xmlns="${ns}"><Key>${key}</Key><Message>From XML</Message></CommentUpdateRequest>`

describe('--xml-namespace', () => {
  it('reads a body in the given namespace without a warning, and writes the answer in its own', async () => {
    const run = startCli([
      '--port',
      '0',
      '--no-log',
      '--xml-namespace',
      'CommentUpdateRequest=urn:cms:comments',
      '--xml-namespace',
      'CommentResponse=urn:cms:answers',
    ])
    const origin = await waitForStart(run)
    const put = (ns: string): Promise<Response> =>
      fetch(`${origin}/RestApi/comments-api/comments`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
        body: body(ns),
      })
    const given = await put('urn:cms:comments')
    expect(given.status).toBe(200)
    expect(given.headers.get('x-mock-warning')).toBeNull()
    const text = await given.text()
    expect(text).toContain(
      '<CommentResponse xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="urn:cms:answers">',
    )
    expect(text).toContain('<Message>From XML</Message>')
    const defaulted = await put('http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO')
    expect(defaulted.headers.get('x-mock-warning')).toContain("is not 'urn:cms:comments'")
  })

  it.each([
    ['CommentUpdateRequest'],
    ['=urn:x'],
    ['Comment Update=urn:x'],
    ['CommentUpdateRequest='],
  ])('stops with a message for --xml-namespace %s', async (value) => {
    const run = startCli(['--port', '0', '--xml-namespace', value])
    expect(await run.exited).toBe(2)
    expect(run.stderr()).toContain(`--xml-namespace '${value}' is not <Dto>=<namespace>`)
  })
})
