import { describe, expect, it } from 'vitest'
import { createQueue } from '../../src/node/server/one-at-a-time.ts'

describe('createQueue', () => {
  it('runs one task at a time, in the order they came, past a failing one', async () => {
    const queue = createQueue()
    const events: string[] = []
    let running = 0
    const task =
      (name: string, fail = false) =>
      async (): Promise<string> => {
        running++
        events.push(`start ${name} (${running} running)`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running--
        events.push(`end ${name}`)
        if (fail) throw new Error(name)
        return name
      }
    const results = await Promise.allSettled([
      queue.run(task('a')),
      queue.run(task('b', true)),
      queue.run(task('c')),
    ])
    expect(events).toEqual([
      'start a (1 running)',
      'end a',
      'start b (1 running)',
      'end b',
      'start c (1 running)',
      'end c',
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  })
})
