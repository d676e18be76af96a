import { createServer as createHttpServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer } from '../support/index.ts'

// An upstream that breaks off after the mock has sent the head of its answer on (past the
// 64 KiB it holds first): the client's answer is cut short, the request log says so in one
// line, and nothing is printed besides (@hono/node-server printed the error's stack on stderr
// for each, when the body's stream errored).

let cms: Server
let cmsUrl: string
// The upstream's answer under way: the test breaks it off once the client has its head, so the
// break comes after the mock has held its first bytes and sent the head on, however slow the
// machine.
let underWay: ServerResponse | undefined

beforeAll(async () => {
  cms = createHttpServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(1 << 20),
    })
    response.write(Buffer.alloc(200_000, 1))
    underWay = response
  })
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve))
  cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`
})

afterAll(async () => {
  cms.closeAllConnections()
  await new Promise((resolve) => cms.close(resolve))
})

describe('a proxied answer that breaks off after its head', () => {
  it('is cut short for the client, named in the log, with no stack printed', async () => {
    const lines: string[] = []
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const mock = await startServer({
      proxy: { url: cmsUrl, timeoutMs: 5_000, insecure: false },
      log: (line) => lines.push(line),
    })
    const response = await fetch(`${mock.url}/RestApi/files/big`)
    expect(response.status).toBe(200)
    underWay?.destroy()
    let received = 0
    const reading = (async () => {
      for await (const part of response.body as ReadableStream<Uint8Array>) received += part.length
    })()
    await expect(reading).rejects.toThrow()
    expect(received).toBeGreaterThanOrEqual(64 * 1024)
    expect(received).toBeLessThan(1 << 20)
    await vi.waitFor(() =>
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^GET \/RestApi\/files\/big answer cut short: http:\/\/127\.0\.0\.1:\d+ broke off \(/,
        ),
      ),
    )
    // The server is still serving.
    expect((await fetch(`${mock.url}/__mock/state?limit=1`)).status).toBe(200)
    expect(printed).not.toHaveBeenCalled()
    printed.mockRestore()
  })
})
