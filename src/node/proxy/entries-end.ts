// Scans of a HAR's text for where its `log.entries` list ends, whole or cut off: one pass that
// follows strings and nesting only, remembering the name each container came under.

/**
 * The index of the `]` that closes `log.entries` in a text known to be JSON holding one. Where
 * a name repeats, the last one counts, as in `JSON.parse`.
 */
export function entriesEnd(text: string, start: number): number {
  let found = -1
  walkContainers(text, start, {
    closing(names, c, i) {
      if (c === ']' && inEntries(names, 3)) found = i
      return true
    },
  })
  return found
}

/**
 * Where to cut a text that ends inside `log.entries`: just past its last whole entry, or past
 * the list's `[` when none is whole. Undefined when the text does not end inside that list.
 */
export function lastWholeEntry(text: string, start: number): number | undefined {
  let keep: number | undefined
  const walk = walkContainers(text, start, {
    opened(names, c, i) {
      if (c === '[' && inEntries(names, 3)) keep = i + 1
    },
    closing(names, c, i) {
      if (c === ']' && inEntries(names, 3)) return false
      if (c === '}' && inEntries(names, 4)) keep = i + 1
      return true
    },
  })
  if (walk.end === 'stopped' || walk.end === 'bad name') return undefined
  const { names } = walk
  return names.length >= 3 && names[1] === 'log' && names[2] === 'entries' ? keep : undefined
}

/** The names the open containers came under, outermost first (null: none, an array's item). */
type Names = readonly (string | null)[]

/** What a walk is told of the containers it meets: `closing` is asked before each one closes. */
interface ContainerVisit {
  opened?(names: Names, c: '{' | '[', at: number): void
  /** False stops the walk there. */
  closing(names: Names, c: '}' | ']', at: number): boolean
}

/** Whether the walk is `depth` containers deep inside `log.entries`. */
function inEntries(names: Names, depth: number): boolean {
  return names.length === depth && names[1] === 'log' && names[2] === 'entries'
}

/**
 * Walks the text's containers from `start`: how it ended (the text's end, a string the text
 * cuts off, a name that is not JSON, or `closing` saying stop), and the containers still open.
 */
function walkContainers(
  text: string,
  start: number,
  visit: ContainerVisit,
): { end: 'ended' | 'cut' | 'bad name' | 'stopped'; names: Names } {
  const names: (string | null)[] = []
  let name: string | null = null
  // From one character that matters to the next: most of a HAR is inside strings.
  const marks = /["{}[\],]/g
  marks.lastIndex = start
  for (let match = marks.exec(text); match; match = marks.exec(text)) {
    const i = match.index
    const c = match[0]
    if (c === '"') {
      const end = stringEnd(text, i)
      if (end < 0) return { end: 'cut', names }
      if (isPropertyName(text, end)) {
        try {
          name = JSON.parse(text.slice(i, end + 1)) as string
        } catch {
          return { end: 'bad name', names }
        }
      }
      marks.lastIndex = end + 1
    } else if (c === '{' || c === '[') {
      names.push(name)
      name = null
      visit.opened?.(names, c, i)
    } else if (c === '}' || c === ']') {
      if (!visit.closing(names, c, i)) return { end: 'stopped', names }
      names.pop()
    } else name = null
  }
  return { end: 'ended', names }
}

/** Whether the string that closes at `end` is a property's name: a `:` follows it. */
function isPropertyName(text: string, end: number): boolean {
  let next = end + 1
  while (/\s/.test(text.charAt(next))) next++
  return text.charAt(next) === ':'
}

/** The index of the quote that closes the string opened at `open`; -1 when the text ends first. */
function stringEnd(text: string, open: number): number {
  let i = open + 1
  for (;;) {
    const quote = text.indexOf('"', i)
    if (quote < 0) return -1
    let backslashes = 0
    while (text.charAt(quote - 1 - backslashes) === '\\') backslashes++
    if (backslashes % 2 === 0) return quote
    i = quote + 1
  }
}
