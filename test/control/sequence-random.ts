/** Random numbers in a fixed order (then the last one again), for latency and probabilities. */
export function sequenceRandom(values: readonly number[]): () => number {
  let index = 0
  return () => {
    const value = values[Math.min(index, values.length - 1)]
    index++
    if (value === undefined) throw new Error('Failed to draw: sequenceRandom needs values')
    return value
  }
}
