import { describe, expect, it } from 'vitest'
import {
  isSecretName,
  redactBody,
  redactHeader,
  redactUrl,
} from '../../src/control/redact/index.ts'

// Issue 26, point 5: the values of secrets are redacted wherever a HAR or the journal is
// written; names and structure stay. One case per place and per name the issue lists.

const json = 'application/json'
const form = 'application/x-www-form-urlencoded'

describe('redactUrl', () => {
  it.each([
    ['api_key', 'https://cms/x?api_key=K1&Key=k', 'https://cms/x?api_key=%3Credacted%3E&Key=k'],
    [
      'access_token',
      'https://cms/x?access_token=AT&page=2',
      'https://cms/x?access_token=%3Credacted%3E&page=2',
    ],
    ['password', 'https://cms/x?password=P&u=bob', 'https://cms/x?password=%3Credacted%3E&u=bob'],
    ['apikey', 'https://cms/x?apikey=QK', 'https://cms/x?apikey=%3Credacted%3E'],
    ['ss-id', 'https://cms/x?ss-id=S', 'https://cms/x?ss-id=%3Credacted%3E'],
    ['a password in the userinfo', 'https://bob:pw@cms/x', 'https://bob:%3Credacted%3E@cms/x'],
    ['nothing secret', 'https://cms/x?Key=k&q=a+b#t', 'https://cms/x?Key=k&q=a+b#t'],
  ])('redacts %s in a query string', (_name, url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })
})

describe('redactHeader', () => {
  it.each([
    ['Authorization', 'Bearer T', '<redacted>'],
    ['Proxy-Authorization', 'Basic dTpw', '<redacted>'],
    ['X-API-Key', 'K', '<redacted>'],
    ['X-Auth-Token', 'T', '<redacted>'],
    ['X-ss-id', 'S', '<redacted>'],
    ['X-ss-pid', 'P', '<redacted>'],
    ['X-CSRF-Token', 'C', '<redacted>'],
    ['X-Amz-Security-Token', 'A', '<redacted>'],
    ['Cookie', 'sid=S; ss-id=I; flag', 'sid=<redacted>; ss-id=<redacted>; flag'],
    ['Set-Cookie', 'sid=S; Path=/; HttpOnly', 'sid=<redacted>; Path=/; HttpOnly'],
    [
      'set-cookie',
      'a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/, b=2; Secure',
      'a=<redacted>; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/, b=<redacted>; Secure',
    ],
    ['Referer', 'https://app/cb?access_token=AT', 'https://app/cb?access_token=%3Credacted%3E'],
    ['Location', '/cb?token=T&x=1', '/cb?token=%3Credacted%3E&x=1'],
    ['X-ss-opt', 'perm', 'perm'],
    ['Accept', 'application/json', 'application/json'],
  ])('redacts the value of %s', (name, value, expected) => {
    expect(redactHeader(name, value)).toBe(expected)
  })
})

describe('redactBody', () => {
  it.each([
    [
      'JSON AccessToken',
      json,
      '{"AccessToken":"AT","Key":"k"}',
      '{"AccessToken":"<redacted>","Key":"k"}',
    ],
    ['JSON Token', json, '{"Token":"T","Name":"n"}', '{"Token":"<redacted>","Name":"n"}'],
    [
      'JSON members at any depth, keeping the shape',
      json,
      '{"a":[{"client_secret":"S"}],"refresh_token":{"v":"R","n":1},"big":12345678901234567891}',
      '{"a":[{"client_secret":"<redacted>"}],"refresh_token":{"v":"<redacted>","n":"<redacted>"},"big":12345678901234567891}',
    ],
    [
      "ServiceStack's /auth answer",
      'application/json; charset=utf-8',
      '{"UserId":"1","SessionId":"S","UserName":"bob","BearerToken":"B","RefreshToken":"R"}',
      '{"UserId":"1","SessionId":"<redacted>","UserName":"bob","BearerToken":"<redacted>","RefreshToken":"<redacted>"}',
    ],
    [
      'form fields',
      form,
      'UserName=bob&password=P&api_key=K&token=T&Key=k',
      'UserName=bob&password=%3Credacted%3E&api_key=%3Credacted%3E&token=%3Credacted%3E&Key=k',
    ],
    [
      'XML elements and attributes',
      'application/xml',
      '<Auth xmlns="x"><UserName>bob</UserName><Password>P&amp;1</Password><d2p1:BearerToken xmlns:d2p1="y"><![CDATA[B]]></d2p1:BearerToken><Meta secret="S" ok="1"/></Auth>',
      '<Auth xmlns="x"><UserName>bob</UserName><Password>&lt;redacted&gt;</Password><d2p1:BearerToken xmlns:d2p1="y"><![CDATA[<redacted>]]></d2p1:BearerToken><Meta secret="&lt;redacted&gt;" ok="1"/></Auth>',
    ],
    [
      'JSV members',
      'text/jsv',
      '{UserName:bob,Password:P,Meta:{AccessToken:"a,b"}}',
      '{UserName:bob,Password:<redacted>,Meta:{AccessToken:<redacted>}}',
    ],
    [
      'multipart parts',
      'multipart/form-data; boundary=XB',
      '--XB\r\nContent-Disposition: form-data; name="user"\r\n\r\nbob\r\n--XB\r\nContent-Disposition: form-data; name="password"\r\n\r\nP\r\n--XB\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{"token":"T"}\r\n--XB--\r\n',
      '--XB\r\nContent-Disposition: form-data; name="user"\r\n\r\nbob\r\n--XB\r\nContent-Disposition: form-data; name="password"\r\n\r\n<redacted>\r\n--XB\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{"token":"<redacted>"}\r\n--XB--\r\n',
    ],
    ['JSON sent as text/plain', 'text/plain', '{"password":"P"}', '{"password":"<redacted>"}'],
    [
      'JSON cut short (as the journal keeps a long body)',
      json,
      '{"Password":"P","Message":"lo… (9 more characters)',
      '{"Password":"<redacted>","Message":"lo… (9 more characters)',
    ],
    [
      'XML cut short',
      'application/xml',
      '<a><Password>P</Password><b>',
      '<a><Password>&lt;redacted&gt;</Password><b>',
    ],
    ['a body with no secret', json, '{ "Key" : "k" }', '{ "Key" : "k" }'],
    ['a script, left whole', 'text/javascript', 'const token = "T"', 'const token = "T"'],
  ])('redacts %s', (_name, mimeType, text, expected) => {
    expect(redactBody(text, mimeType)).toBe(expected)
  })
})

describe('isSecretName', () => {
  it.each([
    'password',
    'Passwd',
    'client_secret',
    'token',
    'access_token',
    'refresh_token',
    'BearerToken',
    'RefreshToken',
    'AccessToken',
    'api_key',
    'ApiKey',
    'SessionId',
    'X-Auth-Token',
    'ss-pid',
  ])('takes %s for a secret', (name) => {
    expect(isSecretName(name)).toBe(true)
  })

  it.each(['Key', 'UserName', 'Message', 'X-ss-opt', 'classid', 'Cookies'])(
    'leaves %s alone',
    (name) => {
      expect(isSecretName(name)).toBe(false)
    },
  )
})
