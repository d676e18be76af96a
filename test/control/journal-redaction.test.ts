import { describe, expect, it } from 'vitest'
import {
  commentKey,
  commentsPath,
  control,
  createPlane,
  readJson,
  ways,
  type Plane,
} from '../support/index.ts'

// Issue 26, point 5: `/__mock/journal.har` (the dashboard's "Download HAR") and the journal
// itself used to keep Authorization, Cookie and body secrets in clear; they end up in bug
// reports. The names stay, so a test still sees that its app sent them.

const secrets = ['Bearer SECRET-AUTH', 'SECRET-COOKIE', 'SECRET-SSID', 'SECRET-KEY', 'SECRET-PW']

async function sendSecrets(plane: Plane): Promise<void> {
  const key = commentKey(plane.store)
  const response = await plane.request(`${commentsPath}?api_key=SECRET-KEY`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: 'Bearer SECRET-AUTH',
      Cookie: 'sid=SECRET-COOKIE; theme=dark',
      'X-ss-id': 'SECRET-SSID',
    },
    body: JSON.stringify({ Key: key, Message: 'Kept.', Password: 'SECRET-PW' }),
  })
  expect(response.status).toBe(200)
}

interface HarRequest {
  url: string
  headers: { name: string; value: string }[]
  queryString: { name: string; value: string }[]
  postData?: { text: string }
}

describe.each(ways)('the journal with secrets (%s)', (way) => {
  it("redacts Authorization, Cookie, X-ss-id, a query's api_key and a body's Password in journal.har", async () => {
    const plane = createPlane(way)
    await sendSecrets(plane)
    const response = await control(plane, 'GET', '/__mock/journal.har')
    const text = await response.text()
    for (const secret of secrets) expect(text).not.toContain(secret)
    const har = JSON.parse(text) as { log: { entries: { request: HarRequest }[] } }
    const request = har.log.entries.at(-1)?.request as HarRequest
    const headers = Object.fromEntries(
      request.headers.map(({ name, value }) => [name.toLowerCase(), value]),
    )
    expect(headers).toMatchObject({
      authorization: '<redacted>',
      cookie: 'sid=<redacted>; theme=<redacted>',
      'x-ss-id': '<redacted>',
      'content-type': 'application/json',
    })
    expect(request.url).toContain('?api_key=%3Credacted%3E')
    expect(request.queryString).toEqual([{ name: 'api_key', value: '<redacted>' }])
    expect(JSON.parse(request.postData?.text ?? '{}')).toMatchObject({
      Message: 'Kept.',
      Password: '<redacted>',
    })
  })

  it('redacts the same secrets in GET /__mock/journal', async () => {
    const plane = createPlane(way)
    await sendSecrets(plane)
    const text = await (await control(plane, 'GET', '/__mock/journal')).text()
    for (const secret of secrets) expect(text).not.toContain(secret)
    const { entries } = (await readJson(await control(plane, 'GET', '/__mock/journal'))) as {
      entries: { requestHeaders: [string, string][]; requestBody: string }[]
    }
    const entry = entries.at(0)
    expect(Object.fromEntries(entry?.requestHeaders ?? []).authorization).toBe('<redacted>')
    expect(JSON.parse(entry?.requestBody ?? '{}')).toMatchObject({ Password: '<redacted>' })
  })
})
