import { describe, expect, it } from 'vitest'
import {
  createHostCheck,
  hostnameOf,
  parseAllowedHosts,
  type AllowedHosts,
} from '../../src/node/server/host-check.ts'
import {
  createOriginCheck,
  parseAllowedOrigins,
  type AllowedOrigins,
} from '../../src/node/server/origin-check.ts'
import { exposureWarnings } from '../../src/tools/cli/exposure-warnings.ts'

// Which Host names and which page origins the Node server answers (decisions.md section 6):
// loopback by default, more only when named.

describe('the host check', () => {
  it.each([
    ['localhost', 'localhost'],
    ['LOCALHOST.:4000', 'localhost'],
    ['127.1', '127.0.0.1'],
    ['[0:0::1]:80', '[::1]'],
    ['evil.example:4000', 'evil.example'],
    ['user@localhost', null],
    ['localhost/x', null],
    ['localhost:99999', null],
    ['', null],
    ['a b', null],
  ])('reads the Host %j as %j', (host, name) => {
    expect(hostnameOf(host)).toBe(name)
  })

  it.each([
    'localhost',
    'localhost:1234',
    'app.localhost:5173',
    '127.0.0.1',
    '127.0.0.5',
    '127.255.0.1:8080',
    '[::1]',
    '[::1]:80',
    '[::ffff:127.0.0.1]:4000',
  ])('answers the loopback host %s by default', (host) => {
    expect(createHostCheck()(host)).toBe(true)
  })

  it.each([
    'evil.example',
    'evil.example:4000',
    'localhost.evil.example',
    'evillocalhost',
    '128.0.0.1',
    '192.168.1.5:4000',
    '0.0.0.0',
    '[::2]',
    '127.0.0.1.nip.io',
    'user@localhost',
    'localhost, evil.example',
  ])('refuses the host %s by default', (host) => {
    expect(createHostCheck()(host)).toBe(false)
  })

  it.each<[AllowedHosts, string, boolean]>([
    [['mock.test'], 'mock.test:4000', true],
    [['mock.test'], 'app.mock.test', false],
    [['.example.com'], 'example.com', true],
    [['.example.com'], 'app.example.com:4000', true],
    [['.example.com'], 'a.b.example.com', true],
    [['.example.com'], 'badexample.com', false],
    [['192.168.1.5'], '192.168.1.5:4000', true],
    [['::2'], '[::2]:4000', true],
    [['MOCK.TEST.'], 'mock.test', true],
    [true, 'anything.example', true],
  ])('with %j, answers %s: %s', (allowed, host, served) => {
    expect(createHostCheck(allowed)(host)).toBe(served)
  })

  it('reads --allowed-hosts as a list, or all', () => {
    expect(parseAllowedHosts('mock.test, .example.com,')).toEqual(['mock.test', '.example.com'])
    expect(parseAllowedHosts('all')).toBe(true)
  })

  it.each(['http://mock.test', 'mock.test:4000', 'mock.test/path', 'a b'])(
    'refuses the allowed host %s with a message naming it',
    (entry) => {
      expect(() => parseAllowedHosts(entry)).toThrow(`Failed to read the allowed host '${entry}'`)
    },
  )
})

describe('the origin check', () => {
  it.each([
    'http://localhost:5173',
    'http://localhost',
    'https://localhost:8443',
    'http://app.localhost:3000',
    'http://127.0.0.1:5173',
    'http://127.0.0.9',
    'http://[::1]:3000',
  ])('allows the loopback origin %s by default', (origin) => {
    expect(createOriginCheck()(origin, 'localhost:4000')).toBe(true)
  })

  it.each([
    'https://evil.example',
    'null',
    'http://localhost.evil.example',
    'file://',
    'chrome-extension://abcdef',
    'http://localhost:5173/path',
    'http://user@localhost:5173',
    'not an origin',
    'http://localhost:5173, https://evil.example',
  ])('refuses the origin %s by default', (origin) => {
    expect(createOriginCheck()(origin, 'localhost:4000')).toBe(false)
  })

  it.each<[AllowedOrigins, string, boolean]>([
    [['https://app.example'], 'https://app.example', true],
    [['HTTPS://App.Example:443/'], 'https://app.example', true],
    [['https://app.example'], 'http://app.example', false],
    [['https://app.example'], 'https://app.example:8443', false],
    [['null'], 'null', true],
    [['chrome-extension://abcdef'], 'chrome-extension://abcdef', true],
    ['*', 'https://anything.example', true],
    ['*', 'null', true],
  ])('with %j, allows %s: %s', (allowed, origin, served) => {
    expect(createOriginCheck(allowed)(origin, 'localhost:4000')).toBe(served)
  })

  it("allows the mock's own origin on an allowed host name, and no other", () => {
    const allowed = createOriginCheck()
    expect(allowed('http://mock.test:4000', 'mock.test:4000')).toBe(true)
    expect(allowed('http://mock.test:4000', 'other.test:4000')).toBe(false)
    expect(allowed('http://mock.test:4000', null)).toBe(false)
  })

  it('reads --cors-origin as a list, or *', () => {
    expect(parseAllowedOrigins('https://app.example/, null')).toEqual([
      'https://app.example',
      'null',
    ])
    expect(parseAllowedOrigins('https://a.example,*')).toBe('*')
  })

  it.each(['app.example', 'https://app.example/path', 'https://app.example?x=1'])(
    'refuses the allowed origin %s with a message naming it',
    (entry) => {
      expect(() => parseAllowedOrigins(entry)).toThrow(
        `Failed to read the allowed origin '${entry}'`,
      )
    },
  )
})

describe('the warnings of an opened-up server', () => {
  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1'])('says nothing for %s', (host) => {
    expect(exposureWarnings({ host })).toEqual([])
  })

  it('names what a non-loopback bind makes reachable and what still guards it', () => {
    const [warning, ...more] = exposureWarnings({ host: '192.168.1.5' })
    expect(more).toEqual([])
    expect(warning).toContain('listening on 192.168.1.5')
    expect(warning).toContain('/__mock')
    expect(warning).toContain('--allowed-hosts')
    expect(warning).toContain('--cors-origin')
  })

  it('warns about any host and any origin', () => {
    const warnings = exposureWarnings({
      host: '127.0.0.1',
      allowedHosts: true,
      allowedOrigins: '*',
    })
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toContain('--allowed-hosts all')
    expect(warnings[1]).toContain('--cors-origin *')
  })
})
