import { stableHex } from '../../../seeds/stable-hex.ts'
import { redacted } from './same-data.ts'

/** Where a replayed cookie comes from: what its made-up value is stable for. */
export interface CookieOrigin {
  /** The recording's name: the `--replay` file as given, `replay 1` in `createHandlers`. */
  readonly recording: string
  /** The entry's index in the recording. */
  readonly entry: number
}

/**
 * A recorded `Set-Cookie` as replayed: a redacted value (`sid=<redacted>; Path=/`) becomes a
 * made-up one, the same for the same recording, entry and cookie name on every request and
 * every start, so an app that stores it keeps working; anything else as recorded. Null for one
 * an older recording redacted whole (`<redacted>`): its name is lost, so nothing can stand in.
 */
export function replayedCookie(value: string, origin: CookieOrigin): string | null {
  if (value.trim() === redacted) return null
  const pairEnd = value.indexOf(';')
  const pair = pairEnd === -1 ? value : value.slice(0, pairEnd)
  const equals = pair.indexOf('=')
  if (equals === -1 || pair.slice(equals + 1).trim() !== redacted) return value
  const name = pair.slice(0, equals).trim()
  const seed = `${origin.recording}\n${origin.entry}\n${name}`
  const madeUp = stableHex(seed, 32)
  return `${name}=${madeUp}${pairEnd === -1 ? '' : value.slice(pairEnd)}`
}
