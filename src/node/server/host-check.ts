import { isIPv6 } from 'node:net'
import { commaList } from './comma-list.ts'
import { rememberAnswers } from './remember-answers.ts'

/**
 * Host names the Node server answers besides loopback ones: exact names or addresses, or
 * `.example.com` for that domain and every subdomain of it (as Vite's `server.allowedHosts`);
 * `true` answers any host, which gives up the guard against DNS rebinding.
 */
export type AllowedHosts = readonly string[] | true

// What a Host header may hold: a name, an IPv4 address or a bracketed IPv6 one, and a port.
// Anything else (`user@host`, a path) is refused before the URL parser could read it kindly.
const hostCharacters = /^[A-Za-z0-9._\-[\]:]+$/

/**
 * The host name of a `Host` header's value, canonical as a browser writes it (lower case,
 * dotted IPv4, bracketed and compressed IPv6, no trailing dot, no port), or null when the
 * value is not a host at all.
 * @example hostnameOf('LOCALHOST.:4000') // 'localhost'
 */
export function hostnameOf(host: string): string | null {
  if (host.length === 0 || host.length > 300 || !hostCharacters.test(host)) return null
  let name: string
  try {
    name = new URL(`http://${host}/`).hostname
  } catch {
    return null
  }
  return name.endsWith('.') ? name.slice(0, -1) : name
}

/**
 * Whether a canonical host name always means this machine: `localhost` and its subdomains
 * (RFC 6761), 127.0.0.0/8, `[::1]` and IPv4-mapped 127.0.0.0/8. No DNS answer can move them
 * elsewhere, so a page cannot reach the mock through them by rebinding a name it owns.
 */
export function isLoopbackHostname(name: string): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '[::1]' ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name)
  )
}

/**
 * One entry of an allowed-hosts list as it is matched: canonical, with a leading `.` kept.
 * Throws for what is not a host name (a scheme, a port, a path), naming the entry.
 */
export function allowedHostEntry(entry: string): string {
  const text = entry.trim().toLowerCase()
  const domain = text.startsWith('.')
  const rest = domain ? text.slice(1) : text
  // A bare IPv6 address (`::1`) is written as a Host header writes it, in brackets. Only text
  // with a colon is asked: Node's first isIPv6 call compiles a large regular expression, a good
  // part of making the server (docs/performance.md, "Cold start").
  const host = rest.includes(':') && isIPv6(rest) ? `[${rest}]` : rest
  const name = hostnameOf(host)
  if (name === null || (host.includes(':') && !host.startsWith('['))) {
    throw new Error(
      `Failed to read the allowed host '${entry}': give a host name or address without scheme or port (mock.test, .mock.test, 192.168.1.5)`,
    )
  }
  return domain ? `.${name}` : name
}

/** Whether `allowedHostEntry` takes this text. */
export function isHostEntry(entry: string): boolean {
  try {
    allowedHostEntry(entry)
    return true
  } catch {
    return false
  }
}

/** `--allowed-hosts`: a comma-separated list, or `all` for any host. */
export function parseAllowedHosts(text: string): AllowedHosts {
  const entries = commaList(text)
  if (entries.some((entry) => entry.toLowerCase() === 'all')) return true
  return entries.map(allowedHostEntry)
}

/**
 * Whether the server answers a request with this `Host` value: loopback names always, others
 * when allowed.
 * @example createHostCheck(['.example.com'])('app.example.com:4000') // true
 */
export function createHostCheck(allowed: AllowedHosts = []): (host: string) => boolean {
  if (allowed === true) return () => true
  const exact = new Set<string>()
  const domains: string[] = []
  for (const entry of allowed.map(allowedHostEntry)) {
    if (entry.startsWith('.')) domains.push(entry)
    else exact.add(entry)
  }
  return rememberAnswers((host) => {
    const name = hostnameOf(host)
    return (
      name !== null &&
      (isLoopbackHostname(name) ||
        exact.has(name) ||
        domains.some((domain) => name === domain.slice(1) || name.endsWith(domain)))
    )
  })
}
