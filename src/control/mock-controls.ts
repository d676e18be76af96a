import { sessionCookie, sessionParam } from '../wire/index.ts'
import { preferNames } from './prefer.ts'

// What a client says to the mock itself (its session, a delay, a simulated status) is not meant
// for a real host: the proxy sends a request on without it, and a replay matches without it.

/** The query parameters the mock reads for itself. */
const mockParams: ReadonlySet<string> = new Set([
  sessionParam,
  ...Array.from(preferNames, (name) => `__${name}`),
])

/** A path and query without the mock's own parameters; the rest as sent (order, escapes). */
export function withoutMockParams(pathAndQuery: string): string {
  const mark = pathAndQuery.indexOf('?')
  // Most queries hold none: no split, no copy.
  if (mark < 0 || !/__|%5f/i.test(pathAndQuery.slice(mark))) return pathAndQuery
  const pairs = pathAndQuery.slice(mark + 1).split('&')
  const kept = pairs.filter((pair) => !mockParams.has(paramName(pair)))
  if (kept.length === pairs.length) return pathAndQuery
  const path = pathAndQuery.slice(0, mark)
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`
}

/** A query pair's name as URLSearchParams reads it (`+` a space, escapes decoded). */
function paramName(pair: string): string {
  const equals = pair.indexOf('=')
  const name = (equals < 0 ? pair : pair.slice(0, equals)).replaceAll('+', ' ')
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/**
 * `Prefer` without the mock's own directives (`delay`, `code`, `fault`, as a preference or as a
 * parameter of one), the others as sent (`return=minimal`); null when none is left.
 */
export function withoutMockPreferences(prefer: string): string | null {
  if (!/delay|code|fault/i.test(prefer)) return prefer
  const kept: string[] = []
  for (const preference of prefer.split(',')) {
    const parts = preference.split(';')
    // A directive of the mock's takes its parameters with it.
    if (isMockPreference(parts[0] as string)) continue
    kept.push(parts.filter((part) => !isMockPreference(part)).join(';'))
  }
  const left = kept.join(',')
  return left.trim() === '' ? null : left.trim()
}

function isMockPreference(token: string): boolean {
  const equals = token.indexOf('=')
  return preferNames.has((equals < 0 ? token : token.slice(0, equals)).trim().toLowerCase())
}

/** A `Cookie` header without the mock's session cookie, the others as sent; null when none is left. */
export function withoutSessionCookie(cookie: string): string | null {
  if (!cookie.includes(sessionCookie)) return cookie
  const kept = cookie.split(';').filter((pair) => {
    const equals = pair.indexOf('=')
    return (equals < 0 ? pair : pair.slice(0, equals)).trim() !== sessionCookie
  })
  const left = kept.join(';').trim()
  return left === '' ? null : left
}
