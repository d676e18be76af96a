import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redactBody, redactHeader, redactUrl } from '../../src/control/redact/index.ts'

// Issue 26, point 5: redaction runs on whatever a client sends (the journal reads it on every
// GET /__mock/journal), so it must never throw, and no secret value may survive at any depth.

const mimeTypes = [
  'application/json',
  'text/jsv',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=B',
  'text/plain',
  '',
]

const secretNames = [
  'Password',
  'access_token',
  'BearerToken',
  'client_secret',
  'api-key',
  'SessionId',
]
const plainName = fc.constantFrom('Key', 'Name', 'Message', 'Items', 'Meta', 'Rating')
/** A secret value no ordinary text holds by chance. */
const secretValue = fc.stringMatching(/^[a-z]{4}$/).map((text) => `SECRET${text}`)

/** A JSON value with secret members somewhere in it, and the secrets it holds. */
const withSecrets: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(plainName, fc.constantFrom(...secretNames)), tie('node'), {
      maxKeys: 4,
    }),
  ),
})).node

/** The tree with every scalar under a secret name replaced by `marker`, and how many there are. */
function marked(value: unknown, marker: string, secret = false): { tree: unknown; count: number } {
  if (Array.isArray(value)) {
    const items = value.map((item) => marked(item, marker, secret))
    return { tree: items.map((item) => item.tree), count: sum(items) }
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(
      ([name, member]) =>
        [name, marked(member, marker, secret || secretNames.includes(name))] as const,
    )
    return {
      tree: Object.fromEntries(members.map(([name, member]) => [name, member.tree])),
      count: sum(members.map(([, member]) => member)),
    }
  }
  return secret ? { tree: marker, count: 1 } : { tree: value, count: 0 }
}

function sum(parts: readonly { count: number }[]): number {
  return parts.reduce((total, part) => total + part.count, 0)
}

describe('redaction of any input', () => {
  it('never throws, whatever the text and its type', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.constantFrom(...mimeTypes),
        (text, type) => {
          expect(typeof redactBody(text, type)).toBe('string')
          expect(typeof redactHeader('Set-Cookie', text)).toBe('string')
          expect(typeof redactUrl(`http://h/?${text}`)).toBe('string')
        },
      ),
      { numRuns: 500 },
    )
  })

  it('leaves no secret value of a JSON body, at any depth', () => {
    fc.assert(
      fc.property(withSecrets, secretValue, (tree, marker) => {
        const { tree: withMarkers, count } = marked(tree, marker)
        const redacted = redactBody(JSON.stringify(withMarkers), 'application/json')
        expect(redacted).not.toContain(marker)
        expect(redacted.split('"<redacted>"').length - 1).toBe(count)
      }),
      { numRuns: 300 },
    )
  })
})
