import { hostnameOf, isLoopbackHostname } from '../../node/server/index.ts'

/**
 * The origin of the mock `--url` names (`http://127.0.0.1:4000`), or why it is refused. Only
 * this machine's mock by default: `--allow-remote` lets it name another host.
 * @example mockOrigin({ text: 'http://localhost:4000/', allowRemote: false }) // 'http://localhost:4000'
 */
export function mockOrigin({
  text,
  allowRemote,
}: {
  text: string
  allowRemote: boolean
}): string | Error {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return new Error(
      `--url must be the mock's address, such as http://127.0.0.1:4000, got '${text}'`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return new Error(`--url must be an http:// or https:// address, got '${text}'`)
  }
  const name = hostnameOf(url.host)
  if (!allowRemote && (name === null || !isLoopbackHostname(name))) {
    return new Error(
      `--url ${url.origin} is not on this machine: the mcp command drives a mock on a loopback ` +
        'address only (localhost, 127.0.0.1, [::1]), so that an agent cannot change a mock ' +
        'elsewhere; give --allow-remote to drive it anyway',
    )
  }
  return url.origin
}
