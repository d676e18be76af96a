import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../support/index.ts'
import { startTlsUpstream, type TlsUpstream } from './tls-upstream.ts'

// Issue 16: an https upstream, its self-signed certificate made here with openssl: refused
// (a 502 naming the certificate problem) unless insecure (--proxy-insecure on the command line:
// proxy-tls-cli.slow.test.ts).

let cms: TlsUpstream
let cmsUrl: string

beforeAll(async () => {
  cms = await startTlsUpstream()
  cmsUrl = cms.url
}, 30_000)

afterAll(() => cms.close())

describe('an https upstream', () => {
  it('refuses a self-signed certificate with a 502 naming the problem', async () => {
    const mock = await startServer({ proxy: { url: cmsUrl, timeoutMs: 5_000, insecure: false } })
    const response = await fetch(`${mock.url}/RestApi/pages`, {
      headers: { Accept: 'application/json' },
    })
    expect(response.status).toBe(502)
    const { ResponseStatus } = (await response.json()) as { ResponseStatus: { Message: string } }
    expect(ResponseStatus.Message).toContain(cmsUrl)
    expect(ResponseStatus.Message).toMatch(/self[- ]signed|certificate/i)
  })

  it('accepts it with insecure', async () => {
    const mock = await startServer({ proxy: { url: cmsUrl, timeoutMs: 5_000, insecure: true } })
    const response = await fetch(`${mock.url}/RestApi/pages?x=1`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-upstream')).toBe('tls')
    expect(await response.text()).toBe('secure GET /RestApi/pages?x=1')
  })
})
