import { expect, test } from 'restapi-mock/playwright'

// The same test in both homes: what mock.fixtures says is what the page shows, and the page's
// change is what mock.state reads back.
test('shows the comment the test put in the mock', async ({ page, mock }) => {
  await mock.fixtures({ Comments: [{ Key: 'spam-1', Status: 'Spam', Message: 'Buy now' }] })
  await page.goto('/?key=spam-1')
  await expect(page.locator('#status')).toHaveText('200')
  await expect(page.locator('#answer')).toContainText('"Message":"Buy now"')
  const stored = (await mock.state()).Comments?.find((comment) => comment.Key === 'spam-1')
  expect(stored?.Name).toBe('Moderator')
  if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT })
})

test("each test starts from the seed: the other test's fixture is not there", async ({
  page,
  mock,
}) => {
  await page.goto('/?key=spam-1')
  await expect(page.locator('#status')).toHaveText('404')
  expect((await mock.state()).Comments?.some((comment) => comment.Key === 'spam-1')).toBe(false)
})

test("a login the test makes is the page's, and so is its logout", async ({ page, mock }) => {
  await page.goto('/?key=none')
  await expect(page.locator('#status')).toHaveText('404')
  await mock.login({ Mode: 'forms' })
  const put = () =>
    page.evaluate(async () => {
      const response = await fetch('/RestApi/comments-api/comments', {
        method: 'PUT',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ Key: 'none', Name: 'Moderator' }),
      })
      return response.status
    })
  // Logged in behind the wall: the comment is simply not there.
  expect(await put()).toBe(404)
  await mock.logout()
  // The login ran out: the wall answers instead.
  expect(await put()).not.toBe(404)
})
