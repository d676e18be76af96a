import { expect, mockSession, mockUrl, test, useSession } from './mock-session.ts'

// Each test in its own session of one running mock: tests that run side by side (two workers)
// write the same comment and read back only their own change.

async function firstCommentKey(state: Record<string, Record<string, unknown>[]>): Promise<string> {
  return String(state.Comments?.[0]?.Key)
}

for (const writer of ['first', 'second']) {
  test(`the ${writer} worker writes the first comment and reads back its own change`, async ({
    page,
    mock,
  }) => {
    const key = await firstCommentKey(await mock.state())
    await page.goto('/')
    await page.locator('#key').fill(key)
    await page.locator('#message').fill(`Written by the ${writer} test`)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.locator('#status')).toHaveText('200')
    await page.getByRole('button', { name: 'Load' }).click()
    await expect(page.locator('#current')).toHaveText(`Written by the ${writer} test`)
    const stored = (await mock.state()).Comments?.find((comment) => comment.Key === key)
    expect(stored?.Message).toBe(`Written by the ${writer} test`)
  })
}

test('two browser contexts write the same comment at once, each sees its own', async ({
  browser,
}, testInfo) => {
  const ids = ['a', 'b'].map((name) => `pw-pair-${testInfo.workerIndex}-${name}`)
  const key = await firstCommentKey(await mockSession(ids[0] as string).state())
  const pages = await Promise.all(
    ids.map(async (id) => {
      const context = await browser.newContext()
      await useSession(context, id)
      const page = await context.newPage()
      await page.goto('/')
      await page.locator('#key').fill(key)
      await page.locator('#message').fill(`From session ${id}`)
      return page
    }),
  )
  await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Save' }).click()))
  for (const [index, page] of pages.entries()) {
    await page.getByRole('button', { name: 'Load' }).click()
    await expect(page.locator('#current')).toHaveText(`From session ${ids[index]}`)
    await page.screenshot({ path: testInfo.outputPath(`session-${ids[index]}.png`) })
  }
  // The shared state (no session) has neither change.
  const shared = (await (await fetch(`${mockUrl}/__mock/state`)).json()) as {
    Comments: { Key: string; Message: string }[]
  }
  expect(shared.Comments.find((comment) => comment.Key === key)?.Message).not.toMatch(
    /^From session/,
  )
})

test('a test puts in its own fixtures, which no other test sees', async ({ page, mock }) => {
  await mock.fixtures({ Comments: [{ Key: 'spam-1', Status: 'Spam', Message: 'x'.repeat(2000) }] })
  await page.goto('/')
  await page.locator('#key').fill('spam-1')
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.locator('#status')).toHaveText('200')
  await expect(page.locator('#current')).toHaveText('x'.repeat(2000))
  // Another session, and the shared state, have no such comment.
  const other = await mockSession('pw-someone-else').state()
  expect(other.Comments?.some((comment) => comment.Key === 'spam-1')).toBe(false)
  const shared = await (await fetch(`${mockUrl}/__mock/state`)).text()
  expect(shared).not.toContain('spam-1')
})
