import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

export interface TlsUpstream {
  readonly url: string
  close(): Promise<void>
}

/**
 * An https upstream with a self-signed certificate made here with openssl, answering
 * `secure <method> <url>` with an `X-Upstream: tls` header.
 */
export async function startTlsUpstream(): Promise<TlsUpstream> {
  const dir = mkdtempSync(join(tmpdir(), 'restapi-mock-tls-'))
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-keyout', key]
  execFileSync(
    'openssl',
    [...args, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { stdio: 'ignore' },
  )
  const cms = createHttpsServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain', 'X-Upstream': 'tls' })
      response.end(`secure ${request.method} ${request.url}`)
    },
  )
  rmSync(dir, { recursive: true, force: true })
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve))
  return {
    url: `https://127.0.0.1:${(cms.address() as AddressInfo).port}`,
    close: async () => {
      cms.closeAllConnections()
      await new Promise((resolve) => cms.close(resolve))
    },
  }
}
