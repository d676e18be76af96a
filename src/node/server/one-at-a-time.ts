/** Runs tasks one after another, in the order they were handed in. */
export interface Queue {
  run<T>(task: () => Promise<T>): Promise<T>
}

/**
 * A queue of one. The Node server answers requests with large bodies through it, once each body
 * is whole (large-bodies.ts): parsing and binding a megabyte holds the event loop for a
 * noticeable time, and ten such bodies at once would otherwise hold it for all of that in turn,
 * while every small request waits behind them (docs/performance.md, "Large bodies under
 * attack").
 * @example const queue = createQueue(); await queue.run(() => mock.dispatch(request))
 */
export function createQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task, task)
      tail = result.catch(() => undefined)
      return result
    },
  }
}
