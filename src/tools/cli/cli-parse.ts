import { defaultCounts, type Counts } from '../../store/index.ts'
import { commaList } from '../../node/server/index.ts'
import { closest } from '../../wire/index.ts'

// The command's option values read, each refused in one clear line (exit 2) when it is wrong.

/**
 * Exits with a clear message on bad options instead of a stack trace: one line, and for a
 * mistake in the options a pointer to `--help` rather than the whole help, which would scroll
 * the message away.
 */
export function fail(message: string, showUsage = true): never {
  process.stderr.write(`restapi-mock: ${message}\n${showUsage ? `${helpPointer}\n` : ''}`)
  process.exit(2)
}

/** The line under a refused option. */
export const helpPointer = "Run 'restapi-mock --help' for every option."

/**
 * One of `values` (in any case), or the command stops listing them, with the closest one:
 * `--auth must be one of off, claims, forms, got 'claim' (did you mean claims?)`.
 */
export function parseChoice<T extends string>(name: string, text: string, values: readonly T[]): T {
  const found = values.find((value) => value === text.toLowerCase())
  if (found !== undefined) return found
  const near = closest(text, values, 2)
  fail(
    `--${name} must be one of ${values.join(', ')}, got '${text}'${near === undefined ? '' : ` (did you mean ${near}?)`}`,
  )
}

/** A whole number within [min, max], or the command stops naming the option. */
export function parseInteger(name: string, text: string, min: number, max: number): number {
  const value = Number(text)
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    fail(`--${name} must be a whole number from ${min} to ${max}, got '${text}'`)
  }
  return value
}

/** `--counts abTests=5,comments=24`: each kind by name, in any case. */
export function parseCounts(text: string): Partial<Counts> {
  const counts: Partial<Counts> = {}
  for (const item of commaList(text)) {
    const [key = '', value = ''] = item.split('=')
    const name = (Object.keys(defaultCounts) as (keyof Counts)[]).find(
      (known) => known.toLowerCase() === key.trim().toLowerCase(),
    )
    if (!name) {
      fail(
        `--counts has an unknown kind '${key}'; the kinds are ${Object.keys(defaultCounts).join(', ')}`,
      )
    }
    counts[name] = parseInteger('counts', value, 0, 10_000_000)
  }
  return counts
}
