/** Bytes that large request bodies may hold at once, handed out first come, first served. */
export interface BodyBudget {
  /**
   * Waits until `bytes` fit beside what is held (or nothing is held: a body larger than the
   * whole budget gets it alone), then holds them until the returned release is called.
   */
  reserve(bytes: number): Promise<() => void>
  /** Bytes held now. */
  held(): number
}

/**
 * A byte budget. The Node server reserves a large body's length from it before reading the
 * body, and gives it back once the body is answered: many large bodies are read side by side,
 * while the memory they hold stays bounded. Waiters are served in the order they came, so a
 * large body is never passed over for ever by smaller ones.
 * @example const release = await createBodyBudget(16 << 20).reserve(70_000); release()
 */
export function createBodyBudget(maxBytes: number): BodyBudget {
  let held = 0
  const waiting: { bytes: number; grant: () => void }[] = []
  const fits = (bytes: number): boolean => held === 0 || held + bytes <= maxBytes
  const releaser = (bytes: number): (() => void) => {
    let released = false
    return () => {
      if (released) return
      released = true
      held -= bytes
      for (let next = waiting[0]; next && fits(next.bytes); next = waiting[0]) {
        waiting.shift()
        held += next.bytes
        next.grant()
      }
    }
  }
  return {
    reserve(bytes) {
      if (waiting.length === 0 && fits(bytes)) {
        held += bytes
        return Promise.resolve(releaser(bytes))
      }
      return new Promise((resolve) => {
        waiting.push({ bytes, grant: () => resolve(releaser(bytes)) })
      })
    },
    held: () => held,
  }
}
