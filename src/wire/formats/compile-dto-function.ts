import type { DtoDef } from '../../model/index.ts'

/** Field names a generated function may spell in its code: identifiers, never `__proto__`. */
const plainName = /^[A-Za-z_$][\w$]*$/

/**
 * Makes a function of one DTO value from source text: the writers' fast path. The function
 * reads each field once, under a name fixed in the code (`const f0 = value["Key"]`), then runs
 * `body`, given the locals' names in declaration order. A writer that walks the field table
 * instead reads and writes every field under a name held in a variable, which the engine serves
 * through its slowest (megamorphic) lookups; on the Node server that was about 3% of the
 * instructions of a JSON answer.
 *
 * The source comes from the DTO declarations alone, never from a request. `null` where the
 * runtime forbids making code from text (a page whose Content Security Policy has no
 * `unsafe-eval`) or a name is not a plain identifier: the caller keeps its generic writer.
 */
export function compileDtoFunction<T>(
  def: DtoDef,
  suffix: string,
  args: Readonly<Record<string, unknown>>,
  body: (locals: readonly string[]) => string,
): T | null {
  if (!def.entries.every((entry) => plainName.test(entry.name) && entry.name !== '__proto__')) {
    return null
  }
  const locals = def.entries.map((_, i) => `f${i}`)
  const reads = def.entries.map((entry, i) => `const f${i} = value[${JSON.stringify(entry.name)}]`)
  const source = `return function ${def.name.replace(/\W/g, '_')}${suffix}(value) {\n${reads.join('\n')}\n${body(locals)}\n}`
  try {
    return new Function(...Object.keys(args), source)(...Object.values(args)) as T
  } catch {
    return null
  }
}

/**
 * `make` run once per DTO, its result kept for that DTO. A memo of code derived from the DTO
 * declarations (static data), not state: every mock and test would make the same function, so
 * they share it.
 */
export function oncePerDto<T>(make: (def: DtoDef) => T): (def: DtoDef) => T {
  const made = new WeakMap<DtoDef, { readonly value: T }>()
  return (def) => {
    let entry = made.get(def)
    if (!entry) {
      entry = { value: make(def) }
      made.set(def, entry)
    }
    return entry.value
  }
}
