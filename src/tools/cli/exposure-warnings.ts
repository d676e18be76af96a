import {
  allowedHostEntry,
  isLoopbackHostname,
  type AllowedHosts,
  type AllowedOrigins,
} from '../../node/server/index.ts'

export interface Exposure {
  /** The address the server listens on. */
  readonly host: string
  readonly allowedHosts?: AllowedHosts | undefined
  readonly allowedOrigins?: AllowedOrigins | undefined
}

const controlPlane = 'the mock and its control plane (/__mock: state, reset, snapshots, faults)'

/**
 * What the command says on stderr when it is opened up beyond this machine's own pages: a
 * non-loopback address, any `Host`, any origin. One sentence each, naming what becomes
 * reachable and what still guards it.
 * @example exposureWarnings({ host: '0.0.0.0' }) // ['listening on 0.0.0.0 makes …']
 */
export function exposureWarnings(exposure: Exposure): string[] {
  const warnings: string[] = []
  const { host } = exposure
  if (!isLoopbackBind(host)) {
    const wildcard = host === '0.0.0.0' || host === '::' || host === '[::]'
    warnings.push(
      `listening on ${host} makes ${controlPlane} reachable from other machines on your network; ` +
        (exposure.allowedHosts === true
          ? 'with --allowed-hosts all, any of them is answered'
          : wildcard
            ? "they are answered only for a Host you allow (--allowed-hosts <this machine's name or address>)"
            : `they are answered for Host ${host} and the names you allow (--allowed-hosts)`) +
        ', and their pages only from an origin you allow (--cors-origin)',
    )
  }
  if (exposure.allowedHosts === true) {
    warnings.push(
      '--allowed-hosts all answers any Host name, so a web page can reach the mock by rebinding a DNS name to this machine; list the names instead',
    )
  }
  if (exposure.allowedOrigins === '*') {
    warnings.push(
      `--cors-origin * lets a page of any site you visit read and change ${controlPlane}`,
    )
  }
  return warnings
}

function isLoopbackBind(host: string): boolean {
  try {
    return isLoopbackHostname(allowedHostEntry(host))
  } catch {
    return false
  }
}
