// The seeds reseed before every entity, and faker's own Mersenne Twister is far too slow to
// reseed for that (docs/performance.md, "Seeding"). This generator (sfc32, a small well-studied
// PRNG with a 128-bit state) reseeds almost for free, which is all the seeds need. It never
// touches Math.random or crypto, so it gives the same numbers everywhere.

/** The shape faker accepts as its source of randomness (faker's `Randomizer`). */
export interface Randomizer {
  next(): number
  seed(seed: number | number[]): void
}

const twoTo32 = 2 ** 32

function fmix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

// A number becomes three 32-bit words (low, high, fraction), so large, negative and
// fractional seeds all stay distinct.
function mixNumber(h: number, value: number): number {
  const v = Number.isFinite(value) ? value : 0
  const whole = Math.floor(v)
  h = fmix(Math.imul(h ^ (whole >>> 0), 0x5bd1e995) + 0x6b43a9b5)
  h = fmix(Math.imul(h ^ (Math.floor(whole / twoTo32) >>> 0), 0x5bd1e995) + 0x1b873593)
  return fmix(Math.imul(h ^ (((v - whole) * twoTo32) >>> 0), 0x5bd1e995) + 0xe6546b64)
}

// Each state word comes from its own hash lane: a 32-bit digest alone would make two of
// 100k entities collide (birthday bound), and colliding entities would share their Key.
function hashLane(lane: number, values: readonly number[]): number {
  let h = fmix(0x9e3779b9 + Math.imul(lane, 0x632be5ab))
  for (const value of values) h = mixNumber(h, value)
  return fmix(h ^ values.length)
}

/**
 * A seedable randomizer for faker: `seed([1, 4, 17])` always gives the same sequence.
 *
 * @example
 * const faker = new FakerClass({ locale, randomizer: createSeededRandomizer() })
 */
export function createSeededRandomizer(): Randomizer {
  let a = 0
  let b = 0
  let c = 0
  let d = 1

  function next32(): number {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }

  return {
    next() {
      // 53 random bits, as faker's default randomizer gives, in [0, 1).
      return ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992
    },
    seed(seed) {
      const values = Array.isArray(seed) ? seed : [seed]
      a = hashLane(1, values)
      b = hashLane(2, values)
      c = hashLane(3, values)
      d = hashLane(4, values) | 1
      // sfc32's first outputs are still close to the seed words; warm it up.
      for (let i = 0; i < 12; i++) next32()
    },
  }
}
