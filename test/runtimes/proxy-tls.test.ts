import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer as createHttpsServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCli, startServer, waitForStart } from '../support/index.ts'

// Issue 16: an https upstream, its self-signed certificate made here with openssl: refused
// (a 502 naming the certificate problem) unless --proxy-insecure.

let cms: Server
let cmsUrl: string

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'restapi-mock-tls-'))
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-keyout', key]
  execFileSync(
    'openssl',
    [...args, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { stdio: 'ignore' },
  )
  cms = createHttpsServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain', 'X-Upstream': 'tls' })
      response.end(`secure ${request.method} ${request.url}`)
    },
  )
  rmSync(dir, { recursive: true, force: true })
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve))
  cmsUrl = `https://127.0.0.1:${(cms.address() as AddressInfo).port}`
}, 30_000)

afterAll(async () => {
  cms.closeAllConnections()
  await new Promise((resolve) => cms.close(resolve))
})

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

  it('accepts it with insecure, and with --proxy-insecure on the command line', async () => {
    const mock = await startServer({ proxy: { url: cmsUrl, timeoutMs: 5_000, insecure: true } })
    const response = await fetch(`${mock.url}/RestApi/pages?x=1`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-upstream')).toBe('tls')
    expect(await response.text()).toBe('secure GET /RestApi/pages?x=1')
    const run = startCli(['--port', '0', '--no-log', '--proxy', cmsUrl, '--proxy-insecure'])
    const origin = await waitForStart(run)
    expect(await (await fetch(`${origin}/elsewhere`)).text()).toBe('secure GET /elsewhere')
  })
})
