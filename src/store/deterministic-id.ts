// A small, fast, seedable hash: the store's generated ids must be the same for the same seed
// in Node and in the browser, so nothing here may touch crypto.randomUUID or Math.random.

function mix(h: number, value: number): number {
  h = Math.imul(h ^ value, 0x5bd1e995)
  return (h ^ (h >>> 15)) >>> 0
}

function hashText(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = mix(h, text.charCodeAt(i))
  return h
}

/** A GUID (lowercase 8-4-4-4-12, version 4 bits set) derived from (seed, kind, n) alone. */
export function deterministicGuid(seed: number, kind: string, n: number): string {
  let hex = ''
  for (let part = 0; part < 4; part++) {
    let h = mix(mix(hashText(0x9e3779b9 ^ part, kind), seed | 0), n | 0)
    h = mix(h, part + 1)
    hex += h.toString(16).padStart(8, '0')
  }
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
