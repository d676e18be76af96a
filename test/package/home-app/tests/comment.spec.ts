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
