import { expect, it } from 'vitest'

// The setup file init wrote answers the code's fetch in process (msw's setupServer): a host
// that does not exist gets the CMS's answer. (A .spec.ts: this repository's own Vitest runs
// test/**/*.test.ts; this one is the app's.)
it("gets the CMS's 404 for a comment it does not hold", async () => {
  const response = await fetch('https://cms.example.com/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ Key: 'no-such-key', Name: 'Moderator' }),
  })
  expect(response.status).toBe(404)
  const body = (await response.json()) as { ResponseStatus: { ErrorCode: string } }
  expect(body.ResponseStatus.ErrorCode).toBe('ItemNotFoundException')
})
