import { DecodeError } from './decode-error.ts'
import type { Loose } from './loose.ts'

export interface Limits {
  /** Largest request body, in bytes (413 beyond). */
  bodyBytes: number
  /** Deepest nesting of objects and arrays (400 beyond). */
  depth: number
  /** Longest array (400 beyond). */
  arrayLength: number
}

export const defaultLimits: Readonly<Limits> = {
  bodyBytes: 1024 * 1024,
  depth: 64,
  arrayLength: 10_000,
}

/**
 * Refuses a parsed body that nests deeper or holds longer arrays than the limits allow. The
 * walk recurses, but never deeper than the depth limit (it stops there with the error), so a
 * hostile depth cannot overflow the stack; and it allocates nothing.
 */
export function checkLimits(tree: Loose, limits: Limits): void {
  walk(tree, 1, limits)
}

function walk(node: Loose, depth: number, limits: Limits): void {
  if (typeof node !== 'object' || node === null) return
  if (depth > limits.depth) {
    throw new DecodeError(
      `Failed to read request: nesting is deeper than the limit of ${limits.depth} levels`,
    )
  }
  if (Array.isArray(node)) {
    if (node.length > limits.arrayLength) {
      throw new DecodeError(
        `Failed to read request: an array has ${node.length} items, over the limit of ${limits.arrayLength}`,
      )
    }
    for (let i = 0; i < node.length; i++) walk(node[i] as Loose, depth + 1, limits)
  } else {
    for (const key of Object.keys(node)) walk(node[key] as Loose, depth + 1, limits)
  }
}

/**
 * Measures nesting in raw text before a parser sees it: brackets outside string literals. Cheap,
 * and it stops a deeply nested body before any recursive reader could overflow on it.
 */
export function checkTextDepth(text: string, limits: Limits, quote: '"' | null = '"'): void {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c /* \ */ && quote === '"') i++
      else if (c === 0x22) inString = false
      continue
    }
    if (c === 0x22 && quote !== null) inString = true
    else if (c === 0x7b || c === 0x5b) {
      depth++
      if (depth > limits.depth) {
        throw new DecodeError(
          `Failed to read request: nesting is deeper than the limit of ${limits.depth} levels`,
        )
      }
    } else if (c === 0x7d || c === 0x5d) depth--
  }
}
