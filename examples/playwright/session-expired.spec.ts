import { expect, test } from './mock-session.ts'

// The CMS's login wall in Forms mode, for this test's session only: the app's "session
// expired" path, as a logged-in user whose login runs out between two requests.
test('a session that expires sends the user to sign in again', async ({ page, mock }) => {
  await page.goto('/')
  await mock.login({ Mode: 'forms' })
  const key = String((await mock.state()).Comments?.[0]?.Key)
  await page.locator('#key').fill(key)
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.locator('#status')).toHaveText('200')
  await mock.logout()
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
    'href',
    '/Sitefinity/Login/Ajax',
  )
})
