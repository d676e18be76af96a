import { compileGlob } from './compile-glob.ts'
import { maxDelayMs } from './prefer.ts'

/** The longest path pattern a rule may have, in characters. */
export const maxPatternLength = 1024

/** How many rules may be set at once unless the mock is told otherwise (`maxFaultRules`). */
export const defaultMaxFaultRules = 1000

/**
 * A rule set at run time (`POST /__mock/faults`): requests whose method and path match get a
 * status, a network fault or a delay; `count` limits how many requests it applies to.
 */
export interface FaultRule {
  readonly id: number
  /** Upper-case method, or null for any. */
  readonly method: string | null
  /** A path pattern, `*` standing for any run of characters, matched case-insensitively. */
  readonly path: string
  readonly status: number | null
  readonly network: boolean
  readonly delay: number | null
  /** 0 to 1: the share of matching requests the rule applies to. */
  readonly probability: number
  /** How many more requests it applies to; null for no limit. */
  remaining: number | null
}

/** A rule as `POST /__mock/faults` takes it (and a scenario's `faults`). */
export interface FaultRuleInput {
  readonly method?: string
  /** A path pattern, `*` for any run of characters. Default `*`. */
  readonly path?: string
  readonly status?: number
  readonly fault?: 'network'
  readonly delay?: number
  readonly probability?: number
  readonly count?: number
}

export interface FaultRules {
  add(input: unknown): FaultRule | string
  list(): FaultRule[]
  remove(id: number): boolean
  clear(): void
  /**
   * How many rules there are: a plain field, read on every request without a call, so that a
   * request meets none of this file's code while there are no rules.
   */
  readonly size: number
  /** The first rule that applies to this request (and counts it down), if any. */
  match(method: string, path: string): FaultRule | undefined
}

/**
 * The rules of one mock. Every request is matched against each of them, so their number is
 * capped (`maxRules`), as is a pattern's length.
 */
export function createFaultRules(
  random: () => number,
  maxRules = defaultMaxFaultRules,
): FaultRules {
  if (!Number.isInteger(maxRules) || maxRules < 0) {
    throw new Error(
      `Failed to create the fault rules: maxFaultRules must be a whole number of at least 0, got ${maxRules}`,
    )
  }
  let rules: Array<FaultRule & { matches: (lowerPath: string) => boolean }> = []
  let nextId = 1
  const self = {
    size: 0,
    add(input: unknown): FaultRule | string {
      if (rules.length >= maxRules) {
        return `it would be rule ${rules.length + 1}, over the limit of ${maxRules} rules (maxFaultRules); delete rules first`
      }
      const rule = validateRule(input, nextId)
      if (typeof rule === 'string') return rule
      nextId++
      rules.push({ ...rule, matches: compileGlob(rule.path) })
      self.size = rules.length
      return rule
    },
    list: () => rules.map(({ matches: _matches, ...rule }) => rule),
    remove(id: number): boolean {
      const before = rules.length
      rules = rules.filter((rule) => rule.id !== id)
      self.size = rules.length
      return rules.length < before
    },
    clear(): void {
      rules = []
      self.size = 0
    },
    match(method: string, path: string): FaultRule | undefined {
      if (rules.length === 0) return undefined
      const lowerPath = path.toLowerCase()
      for (const rule of rules) {
        if (rule.method !== null && rule.method !== method) continue
        if (!rule.matches(lowerPath)) continue
        if (rule.probability < 1 && random() >= rule.probability) continue
        if (rule.remaining !== null) {
          rule.remaining -= 1
          if (rule.remaining <= 0) rules = rules.filter((other) => other !== rule)
          self.size = rules.length
        }
        return rule
      }
      return undefined
    },
  }
  return self
}

/** Checks a rule as sent: a clear message for each mistake, so the caller can answer 400. */
function validateRule(input: unknown, id: number): Omit<FaultRule, never> | string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return 'a fault rule is a JSON object such as {"method":"PUT","path":"/RestApi/comments-api/comments","status":503,"count":3}'
  }
  const raw = input as Record<string, unknown>
  const path = raw.path ?? '*'
  if (typeof path !== 'string' || path === '') return "'path' must be a non-empty string pattern"
  if (path.length > maxPatternLength) {
    return `'path' is ${path.length} characters long, over the limit of ${maxPatternLength}`
  }
  const method = raw.method ?? null
  if (method !== null && (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method))) {
    return "'method' must be an HTTP method name"
  }
  const status = raw.status ?? null
  if (
    status !== null &&
    (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599)
  ) {
    return "'status' must be a whole number from 400 to 599"
  }
  const network = raw.fault === 'network' || raw.network === true
  const delay = raw.delay ?? null
  if (
    delay !== null &&
    (!Number.isInteger(delay) || (delay as number) < 0 || (delay as number) > maxDelayMs)
  ) {
    return `'delay' must be a whole number of ms from 0 to ${maxDelayMs}`
  }
  if (status === null && delay === null && !network) {
    return 'a fault rule needs a \'status\', a \'delay\' or "fault": "network"'
  }
  const probability = raw.probability ?? 1
  if (typeof probability !== 'number' || !(probability > 0 && probability <= 1)) {
    return "'probability' must be a number above 0 and at most 1"
  }
  const count = raw.count ?? null
  if (count !== null && (!Number.isInteger(count) || (count as number) < 1)) {
    return "'count' must be a whole number of at least 1"
  }
  return {
    id,
    method: method === null ? null : (method as string).toUpperCase(),
    path,
    status: status as number | null,
    network,
    delay: delay as number | null,
    probability,
    remaining: count as number | null,
  }
}
