import { describe, expect, it } from 'vitest'
import { forwardedHeaders } from '../../src/node/proxy/proxy-headers.ts'

// Issue 26, point 6: the real host's cookies as the proxy hands them to a browser on
// http://localhost. A cookie browsers take only with `Secure` (`__Host-`, `__Secure-`,
// `Partitioned`) keeps it, and loses only `Domain`; browsers accept Secure cookies from
// http://localhost. Any other cookie loses `Domain` and `Secure`, and `SameSite=None` becomes
// `Lax` (browsers refuse `None` without `Secure`), so it works on any plain-HTTP host name.

function forwarded(setCookie: string): string | undefined {
  return forwardedHeaders({ 'set-cookie': [setCookie] }).cookies[0]
}

describe('Set-Cookie through the proxy', () => {
  it.each([
    [
      'a __Host- cookie keeps Secure',
      '__Host-sid=2; Path=/; Secure; HttpOnly',
      '__Host-sid=2; Path=/; Secure; HttpOnly',
    ],
    [
      'a __Secure- cookie keeps Secure and SameSite=None, and loses Domain',
      '__Secure-t=3; Domain=cms.example.com; Path=/; Secure; SameSite=None',
      '__Secure-t=3; Path=/; Secure; SameSite=None',
    ],
    [
      'a Partitioned cookie keeps Secure and SameSite=None',
      'p=4; Path=/; Secure; SameSite=None; Partitioned',
      'p=4; Path=/; Secure; SameSite=None; Partitioned',
    ],
    [
      'a prefix in another case keeps Secure (browsers read prefixes in any case)',
      '__host-x=1; Path=/; secure',
      '__host-x=1; Path=/; secure',
    ],
    [
      'a partitioned cookie written in lower case, with Domain, keeps Secure only',
      'q=5; domain=.example.com; path=/; secure; samesite=none; partitioned',
      'q=5; path=/; secure; samesite=none; partitioned',
    ],
    [
      'a plain cookie loses Domain and Secure, SameSite=None becoming Lax',
      'sid=abc; Domain=cms.example.com; Path=/; Secure; HttpOnly; SameSite=None',
      'sid=abc; Path=/; HttpOnly; SameSite=Lax',
    ],
    [
      'a plain cookie keeps SameSite=Strict, Expires and Max-Age',
      'r=6; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Max-Age=600; Secure; SameSite=Strict',
      'r=6; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Max-Age=600; SameSite=Strict',
    ],
    ['a cookie with no attributes stays as it is', 'a=1', 'a=1'],
    [
      'a name that only contains the prefix is a plain cookie',
      'x__Host-y=1; Secure',
      'x__Host-y=1',
    ],
  ])('%s', (_name, upstream, browser) => {
    expect(forwarded(upstream)).toBe(browser)
  })

  it('keeps each of several cookies apart', () => {
    const { cookies } = forwardedHeaders({
      'set-cookie': ['a=1; Secure', '__Host-b=2; Path=/; Secure'],
    })
    expect(cookies).toEqual(['a=1', '__Host-b=2; Path=/; Secure'])
  })
})
