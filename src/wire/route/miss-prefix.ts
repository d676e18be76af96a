// What the runtimes need of the near-miss sentences at once, apart from the search that makes
// them (near-misses.ts), which loads on the first miss (lazy-miss-finder.ts).

/** Every warning about a request no route takes begins so: the runtimes tell a miss by it. */
export const missPrefix = 'no operation answers '

/** Whether a warning is the mock's word on a request no route took. */
export function isMissWarning(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.startsWith(missPrefix)
}

/** A request no route took, as the dispatch saw it. */
export interface MissQuery {
  readonly method: string
  /** The path as sent (`URL.pathname`). */
  readonly path: string
  /** The path below the base path; null for one outside it. */
  readonly rest: string | null
}

/**
 * Explains a request no route took, or undefined for a path outside the base path that is no
 * near miss (a page's own asset). Below the base path there is always a sentence: at worst it
 * lists what the mock implements.
 */
export type MissFinder = (query: MissQuery) => string | undefined

/**
 * What a runtime does with a request no route took, beyond the header and the journal, which
 * always say it: `warn` says it where the user looks (the page's console, the server's log),
 * `error` fails the request with it (a network error), `off` keeps quiet.
 */
export const onMissModes = ['warn', 'error', 'off'] as const
export type OnMiss = (typeof onMissModes)[number]
