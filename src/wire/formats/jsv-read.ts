import { DecodeError } from '../request/decode-error.ts'
import type { Limits } from '../request/limits.ts'
import type { Loose, LooseObject } from '../request/loose.ts'

// Reads JSV, ServiceStack's TypeSerializer format (servicestack-wire.md section 5).

/**
 * Parses JSV text into a loose tree whose scalars are all strings (the binder converts them).
 * Like ServiceStack's reader it also takes simple JSON objects: quoted names and values are
 * unquoted CSV-style, and whitespace around tokens is skipped.
 */
export function readJsv(text: string, limits: Limits): Loose {
  const parser = new JsvParser(text, limits)
  const value = parser.value(0, 'top')
  parser.skipSpace()
  if (!parser.done()) parser.fail('unexpected text after the value')
  return value
}

class JsvParser {
  private i = 0
  private readonly text: string
  private readonly limits: Limits

  constructor(text: string, limits: Limits) {
    this.text = text
    this.limits = limits
  }

  done(): boolean {
    return this.i >= this.text.length
  }

  fail(reason: string): never {
    throw new DecodeError(`Failed to read JSV at position ${this.i}: ${reason}`)
  }

  skipSpace(): void {
    while (this.i < this.text.length && /\s/.test(this.text.charAt(this.i))) this.i++
  }

  value(depth: number, context: 'top' | 'object' | 'array', json = false): Loose {
    // Whitespace before a structure or a quoted value is layout (JSON notation has it); before
    // a bare value it is part of the value.
    const start = this.i
    this.skipSpace()
    const c = this.text.charAt(this.i)
    if (c === '{' && context !== 'top') return this.objectOrText(depth, json)
    if (c === '{') return this.object(depth + 1, json)
    if (c === '[') return this.array(depth + 1, json)
    if (c === '"') return this.quoted()
    this.i = start
    return this.bare(context, json)
  }

  private enter(depth: number): void {
    if (depth > this.limits.depth) {
      throw new DecodeError(
        `Failed to read request: nesting is deeper than the limit of ${this.limits.depth} levels`,
      )
    }
  }

  private object(depth: number, json: boolean): LooseObject {
    this.enter(depth)
    this.i++ // {
    const out: LooseObject = {}
    this.skipSpace()
    if (this.text.charAt(this.i) === '}') {
      this.i++
      return out
    }
    for (;;) {
      this.skipSpace()
      // JSV never quotes a name; a quoted one means JSON notation, where layout spaces abound.
      const quotedKey = this.text.charAt(this.i) === '"'
      const key = quotedKey ? this.quoted() : this.key()
      json ||= quotedKey
      this.skipSpace()
      if (this.text.charAt(this.i) !== ':') this.fail(`expected ':' after '${key}'`)
      this.i++
      const value = this.value(depth, 'object', json)
      // An own data property: a `__proto__` name never reaches a prototype.
      Object.defineProperty(out, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
      this.skipSpace()
      const next = this.text.charAt(this.i)
      this.i++
      if (next === '}') return out
      if (next !== ',') this.fail(next === '' ? "missing '}'" : `unexpected '${next}' in an object`)
    }
  }

  /**
   * A member's `{…}`: ServiceStack's reader eats it whole, its braces balanced (SST
   * `Jsv/JsvTypeSerializer.cs` `EatValue`, `EatMapValue`), and hands the text to the member's
   * own parser, so `{a8a110d5-…}` is a GUID in its B form, not a broken object (issue 39). An
   * object that reads is one; one that does not is that text.
   */
  private objectOrText(depth: number, json: boolean): Loose {
    const start = this.i
    try {
      return this.object(depth + 1, json)
    } catch (error) {
      if (!(error instanceof DecodeError) || !error.message.startsWith('Failed to read JSV'))
        throw error
      this.i = start
      return this.balanced()
    }
  }

  /** The text from a `{` to its matching `}`, quoted text skipped, or a failure if none. */
  private balanced(): string {
    const start = this.i
    let depth = 0
    while (this.i < this.text.length) {
      const c = this.text.charAt(this.i)
      if (c === '"') {
        this.quoted()
        continue
      }
      this.i++
      if (c === '{') depth++
      else if (c === '}' && --depth === 0) return this.text.slice(start, this.i)
    }
    return this.fail("missing '}'")
  }

  private array(depth: number, json: boolean): Loose[] {
    this.enter(depth)
    this.i++ // [
    const out: Loose[] = []
    this.skipSpace()
    if (this.text.charAt(this.i) === ']') {
      this.i++
      return out
    }
    for (;;) {
      out.push(this.value(depth, 'array', json))
      if (out.length > this.limits.arrayLength) {
        throw new DecodeError(
          `Failed to read request: an array has more than the limit of ${this.limits.arrayLength} items`,
        )
      }
      this.skipSpace()
      const next = this.text.charAt(this.i)
      this.i++
      if (next === ']') return out
      if (next !== ',') this.fail(next === '' ? "missing ']'" : `unexpected '${next}' in a list`)
    }
  }

  private key(): string {
    const start = this.i
    while (this.i < this.text.length && this.text.charAt(this.i) !== ':') {
      const c = this.text.charAt(this.i)
      if (c === ',' || c === '}' || c === '{' || c === '[' || c === ']') break
      this.i++
    }
    return this.text.slice(start, this.i).trim()
  }

  private quoted(): string {
    this.i++ // opening "
    let out = ''
    for (;;) {
      const end = this.text.indexOf('"', this.i)
      if (end < 0) this.fail('a quoted value is not closed')
      out += this.text.slice(this.i, end)
      this.i = end + 1
      if (this.text.charAt(this.i) === '"') {
        out += '"'
        this.i++
      } else return out
    }
  }

  /** An unquoted value runs to the next separator of its container (to the end at the top). */
  private bare(context: 'top' | 'object' | 'array', json: boolean): Loose {
    const start = this.i
    if (context !== 'top') {
      const close = context === 'object' ? '}' : ']'
      while (this.i < this.text.length) {
        const c = this.text.charAt(this.i)
        if (c === ',' || c === close) break
        this.i++
      }
    } else this.i = this.text.length
    // JSV is whitespace-significant (` Me` stays ` Me`); only a value of nothing is absent.
    const text = this.text.slice(start, this.i)
    const raw = json ? text.trim() : text
    return raw === '' ? null : raw
  }
}
