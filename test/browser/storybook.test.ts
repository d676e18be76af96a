import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Frame, Locator, Page } from 'playwright-core'
import { storybookModule, storybookPreview } from '../../src/tools/init/recipes.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { launchChromium, screenshotDir } from './chromium.ts'
import { serveFolder, type StaticServer } from './static-server.ts'

// The static Storybook of examples/storybook, built by `npm run storybook:build`, served on
// 127.0.0.1 and opened story by story in Debian's Chromium. The preview's store is seeded with 1,
// and the same seed makes the same data here in Node, so the test knows what the stories show.

const projectDir = fileURLToPath(new URL('../../', import.meta.url))
const staticDir = join(projectDir, 'examples/storybook/storybook-static')
const seeded = createStore({ seed: 1 })
const firstComment = Array.from(seeded.state.comments.values())[0]
const seededServices = seeded.state.services.size
const seededKeys = Array.from(seeded.state.comments.values(), (comment) => comment.Key)
// Chromium logs every fetch answered 4xx or 5xx: the stories' error answers are on purpose, and
// it asks for /favicon.ico on its own.
const expectedLoadError = /^Failed to load resource: .*\((\S*\/RestApi\/\S*|\S*\/favicon\.ico)\)$/
const storyIds = [
  'comment--seeded',
  'comment--unavailable',
  'comment--fault',
  'comment--session-expired',
  'comment--logged-in',
  'service--create',
  'moderation--seeded',
  'moderation--flagged-spam',
  'moderation--empty',
  'moderation--edge-cases',
]

let site: StaticServer
let browser: Browser
let context: BrowserContext
const problems: string[] = []
/** The mock's own console word on an answer (issue 38: said where the user is looking). */
const explanations: string[] = []

/** Runs a command of the project and fails with its output when it fails. */
function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: projectDir,
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Failed to run ${command} ${args.join(' ')} (${code}):\n${output}`)),
    )
  })
}

beforeAll(async () => {
  await run('npm', ['run', 'storybook:build'])
  site = await serveFolder(staticDir)
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 800, height: 420 } })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/** Opens one story alone, as Storybook's canvas iframe shows it. */
async function openStory(id: string): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`${id}: ${error.message}`))
  page.on('console', (message) => {
    const line = `${message.text()} (${message.location().url})`
    if (message.type() === 'warning' && message.text().startsWith('restapi-mock: ')) {
      explanations.push(`${id}: ${message.text()}`)
    } else if (['error', 'warning'].includes(message.type()) && !expectedLoadError.test(line)) {
      problems.push(`${id}: console.${message.type()}: ${line}`)
    }
  })
  await page.goto(`${site.url}/iframe.html?id=${id}&viewMode=story`)
  return page
}

/**
 * The root of one story once it has rendered its data; a story that failed fails the test. The
 * root is found by its story id, and the locator holds only a finished root: while the preview
 * switches stories it may briefly show another story's root, or a fresh one still loading.
 */
async function rendered(target: Page | Frame, storyId: string): Promise<Locator> {
  const root = `.story[data-story="${storyId}"]:not([data-stale]):is([data-ready="true"], [data-failed="true"])`
  await target.waitForSelector(root)
  const locator = target.locator(root)
  expect(await locator.getAttribute('data-failed'), (await locator.textContent()) ?? '').toBeNull()
  return locator
}

/** Marks the roots on show, so `rendered` waits for the next render, not the one before. */
async function markStale(target: Page | Frame): Promise<void> {
  await target.evaluate(() => {
    for (const old of document.querySelectorAll('.story')) old.setAttribute('data-stale', '')
  })
}

/**
 * Shows the same story again without reloading the page, as the manager's "Remount" button
 * does: the mock and the worker live on, so only the preview's reset can undo the last render.
 */
async function remount(page: Page, storyId: string): Promise<void> {
  await markStale(page)
  await page.evaluate((storyId) => {
    const channel = (
      window as unknown as {
        __STORYBOOK_ADDONS_CHANNEL__: { emit(name: string, data: unknown): void }
      }
    ).__STORYBOOK_ADDONS_CHANNEL__
    channel.emit('forceRemount', { storyId })
  }, storyId)
}

/** The manager UI on one story, and a way to show another by clicking it in the sidebar. */
interface Manager {
  readonly page: Page
  readonly preview: Frame
  /** Clicks a story in the sidebar and answers its root once it has rendered. */
  show(storyId: string): Promise<Locator>
  /** How many times the preview iframe was loaded since the manager opened. */
  iframeLoads(): number
}

/** Opens Storybook's manager UI (`index.html`, the sidebar and the preview iframe) on a story. */
async function openManager(storyId: string): Promise<Manager> {
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`ui: ${error.message}`))
  await page.setViewportSize({ width: 1200, height: 760 })
  const loads = (): number => site.requests.filter((line) => line.includes('/iframe.html')).length
  const before = loads()
  await page.goto(`${site.url}/index.html?path=/story/${storyId}`)
  await page.locator('#storybook-preview-iframe').waitFor()
  const preview = page.frame({ url: /\/iframe\.html/ })
  if (!preview) throw new Error('Failed to find the preview iframe')
  const show = async (id: string): Promise<Locator> => {
    await markStale(preview)
    await page.locator(`[data-item-id="${id}"]`).click()
    return rendered(preview, id)
  }
  return { page, preview, show, iframeLoads: () => loads() - before }
}

function field(root: Locator, testId: string): Promise<string | null> {
  return root.getByTestId(testId).textContent()
}

/** The keys of the comments a moderation queue lists, in its order. */
function queueKeys(root: Locator): Promise<string[]> {
  return root
    .getByTestId('comment')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.key ?? ''))
}

/** What the queue shows of a message: its first 120 characters, then `…` if there is more. */
function messagePreview(message: string | null | undefined): string {
  const characters = Array.from(message ?? '')
  return characters.slice(0, 120).join('') + (characters.length > 120 ? '…' : '')
}

/** "Flagged as spam": the one comment of its fixtures, and nothing of the seed or another story. */
async function expectSpamOnly(root: Locator): Promise<void> {
  expect(await queueKeys(root)).toEqual(['spam-1'])
  expect(await field(root, 'comment-count')).toBe('1')
  expect(await field(root, 'spam-count')).toBe('1')
  const item = root.getByTestId('comment')
  expect(await item.locator('.badge').textContent()).toBe('Spam')
  expect(await item.locator('.length').textContent()).toBe('2000 characters')
  expect(await item.locator('.message').textContent()).toBe(messagePreview('x'.repeat(2000)))
}

/** "Empty": the empty scenario, no comment at all. */
async function expectEmpty(root: Locator): Promise<void> {
  expect(await queueKeys(root)).toEqual([])
  expect(await field(root, 'comment-count')).toBe('0')
  expect(await field(root, 'spam-count')).toBe('0')
  expect(await root.locator('.empty').textContent()).toBe('Nothing to moderate.')
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir, `storybook-${name}.png`) })
}

describe('the Storybook example in Chromium', () => {
  it('lists the stories in the static build', async () => {
    const response = await fetch(`${site.url}/index.json`)
    const index = (await response.json()) as { entries: Record<string, unknown> }
    expect(Object.keys(index.entries).sort()).toEqual([...storyIds].sort())
  })

  it('Comment: shows the first seeded comment, updated through the service worker', async () => {
    expect(firstComment?.Key).toBeTruthy()
    const page = await openStory('comment--seeded')
    const root = await rendered(page, 'comment--seeded')
    expect(await root.getAttribute('data-status')).toBe('200')
    expect(await field(root, 'key')).toBe(firstComment?.Key)
    expect(await field(root, 'name')).toBe(firstComment?.Name)
    expect(await field(root, 'seeded-message')).toBe(firstComment?.Message)
    expect(await field(root, 'message')).toBe('Edited in Storybook')
    expect(await field(root, 'comment-status')).toBe(firstComment?.Status)
    expect(await field(root, 'created')).toBe(
      `${firstComment?.DateCreated.toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    )
    // msw's worker controls the page: the answers came from it, not from the static server.
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
    expect(controller).toBe(`${site.url}/mockServiceWorker.js`)
    await screenshot(page, 'comment')
    await page.close()
  })

  it("Comment error: shows the ServiceStack error of the story's own handler", async () => {
    const page = await openStory('comment--unavailable')
    const root = await rendered(page, 'comment--unavailable')
    expect(await root.getAttribute('data-status')).toBe('503')
    expect(await root.locator('.status').textContent()).toBe('HTTP 503 ServiceUnavailable')
    expect(await field(root, 'error-code')).toBe('ServiceUnavailable')
    expect(await field(root, 'error-message')).toBe('Comments are read-only during maintenance')
    await screenshot(page, 'comment-error')
    await page.close()
  })

  it("Comment fault: shows the mock's own 503, asked for with Prefer: code=503", async () => {
    const page = await openStory('comment--fault')
    const root = await rendered(page, 'comment--fault')
    expect(await root.getAttribute('data-status')).toBe('503')
    expect(await field(root, 'error-code')).toBe('ServiceUnavailable')
    expect(await field(root, 'error-message')).toBe('A simulated 503 from the mock (Prefer)')
    await screenshot(page, 'comment-fault')
    await page.close()
  })

  it('Comment, session expired: parameters put the Forms login wall up for this story only', async () => {
    const page = await openStory('comment--session-expired')
    const root = await rendered(page, 'comment--session-expired')
    // ServiceUtility.cs l.137: WebProtocolException(PreconditionFailed, marker + AjaxLoginUrl).
    expect(await root.getAttribute('data-status')).toBe('500')
    expect(await field(root, 'error-code')).toBe('WebProtocolException')
    expect(await field(root, 'error-message')).toBe(
      '..::login|session|expired::../Sitefinity/Login/Ajax',
    )
    await screenshot(page, 'comment-session-expired')
    await page.close()
  })

  it("Comment, logged in: the login's cookie is the page's, and msw hands it to the mock", async () => {
    const page = await openStory('comment--logged-in')
    const root = await rendered(page, 'comment--logged-in')
    expect(await root.getAttribute('data-status')).toBe('200')
    expect(await field(root, 'message')).toBe('Edited in Storybook')
    await page.close()
  })

  it('Create service: creates a service with a fixed route', async () => {
    const page = await openStory('service--create')
    const root = await rendered(page, 'service--create')
    expect(await root.getAttribute('data-status')).toBe('200')
    expect(await field(root, 'route')).toBe('/api/story')
    expect(await field(root, 'name')).toBe('Story service')
    expect(await field(root, 'service-count')).toBe(String(seededServices + 1))
    await screenshot(page, 'create-service')
    await page.close()
  })

  it('Create service: shown again in the same page, it starts from the seed', async () => {
    const page = await openStory('service--create')
    await rendered(page, 'service--create')
    // Within one story the state does persist: the same route a second time is refused.
    const again = await page.evaluate(async () => {
      const response = await fetch('/RestApi/apiservice/createService', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ Route: '/api/story' }),
      })
      return { status: response.status, body: await response.text() }
    })
    expect(again.status).toBe(400)
    expect(again.body).toContain('ArgumentException')

    await remount(page, 'service--create')
    const root = await rendered(page, 'service--create')
    expect(await root.getAttribute('data-status')).toBe('200')
    expect(await field(root, 'service-count')).toBe(String(seededServices + 1))
    await screenshot(page, 'create-service-remounted')
    await page.close()
  })

  it('switches stories from the sidebar in one preview, each from the seeded state', async () => {
    const { page, preview, show, iframeLoads } = await openManager('service--create')

    let service = await rendered(preview, 'service--create')
    expect(await service.getAttribute('data-status')).toBe('200')
    await page.locator('[data-item-id="comment"]').click()
    // The error story's own handler answers...
    const failing = await show('comment--unavailable')
    expect(await failing.getAttribute('data-status')).toBe('503')
    // ...and is gone for the next story, which finds the seeded comment.
    let comment = await show('comment--seeded')
    expect(await comment.getAttribute('data-status')).toBe('200')
    expect(await field(comment, 'seeded-message')).toBe(firstComment?.Message)
    // The route the first story created is gone too: no duplicate-route 400.
    service = await show('service--create')
    expect(await service.getAttribute('data-status')).toBe('200')
    expect(await field(service, 'service-count')).toBe(String(seededServices + 1))
    comment = await show('comment--seeded')
    expect(await field(comment, 'seeded-message')).toBe(firstComment?.Message)
    expect(await field(comment, 'message')).toBe('Edited in Storybook')

    // One preview page served all of it: the stories were switched, not reloaded.
    expect(iframeLoads()).toBe(1)
    await screenshot(page, 'ui')
    await page.close()
  })

  it("Moderation: each story shows its own parameters' data, switched in the sidebar", async () => {
    const { page, preview, show, iframeLoads } = await openManager('moderation--flagged-spam')
    await expectSpamOnly(await rendered(preview, 'moderation--flagged-spam'))
    await screenshot(page, 'ui-flagged-as-spam')
    // Back and forth: neither story's state leaks into the other.
    for (let round = 0; round < 2; round++) {
      await expectEmpty(await show('moderation--empty'))
      await expectSpamOnly(await show('moderation--flagged-spam'))
    }
    await expectEmpty(await show('moderation--empty'))
    await screenshot(page, 'ui-empty')

    // The edge-cases scenario, with the story's own comment on top.
    let queue = await show('moderation--edge-cases')
    const edgeKeys = await queueKeys(queue)
    expect(edgeKeys).toContain('reported-1')
    expect(edgeKeys).toContain('edge-spam')
    expect(edgeKeys.filter((key) => key !== 'reported-1' && !key.startsWith('edge-'))).toEqual([])
    expect(await queue.locator('[data-key="reported-1"] .badge').textContent()).toBe(
      'WaitingForApproval',
    )
    // HTML-looking text is shown as text.
    expect(await queue.locator('[data-key="edge-html"] .message').textContent()).toContain(
      '<script>alert("x")</script>',
    )
    await screenshot(page, 'ui-edge-cases')

    // A story without parameters gets the seeded state, in the seed's order.
    queue = await show('moderation--seeded')
    expect(await queueKeys(queue)).toEqual(seededKeys)
    // The Comment story writes into the first comment; the next story sees the seeded message.
    await page.locator('[data-item-id="comment"]').click()
    const comment = await show('comment--fault')
    expect(await comment.getAttribute('data-status')).toBe('503')
    const edited = await show('comment--seeded')
    expect(await field(edited, 'message')).toBe('Edited in Storybook')
    queue = await show('moderation--seeded')
    expect(await queueKeys(queue)).toEqual(seededKeys)
    expect(await queue.locator(`[data-key="${firstComment?.Key}"] .message`).textContent()).toBe(
      messagePreview(firstComment?.Message),
    )
    await screenshot(page, 'ui-seeded')
    await expectSpamOnly(await show('moderation--flagged-spam'))

    expect(iframeLoads()).toBe(1)
    await page.close()
  })

  it("sent no API request to the static server, logged no error, and explained the wall's 500 once", () => {
    const apiRequests = site.requests.filter((line) => /\/(RestApi|__mock)\b/i.test(line))
    expect(apiRequests).toEqual([])
    expect(site.requests).toContain('GET /mockServiceWorker.js')
    expect(problems).toEqual([])
    // The one story whose answer the mock explains: the login wall it puts up on purpose.
    expect(explanations).toEqual([
      expect.stringMatching(
        /^comment--session-expired: restapi-mock: PUT \/RestApi\/comments-api\/comments 500: the login wall \(--auth forms\)/,
      ),
    ])
  })
})

describe('the README', () => {
  it('shows the preview as the tested example has it (init writes it too)', () => {
    const readme = readFileSync(join(projectDir, 'README.md'), 'utf8')
    const example = (name: string): string =>
      readFileSync(join(projectDir, 'examples/storybook/.storybook', name), 'utf8')
    // The example is html-vite; the README shows react-vite, the most common.
    expect(example('restapi-mock.ts')).toBe(storybookModule('@storybook/html-vite'))
    expect(example('preview.ts')).toBe(storybookPreview('@storybook/html-vite'))
    expect(readme).toContain(storybookModule('@storybook/react-vite'))
    expect(readme).toContain(storybookPreview('@storybook/react-vite'))
    const stories = readFileSync(
      join(projectDir, 'examples/storybook/stories/moderation.stories.ts'),
      'utf8',
    )
    const story = stories.slice(
      stories.indexOf('/** One comment flagged as spam'),
      stories.indexOf('/** No comments at all'),
    )
    expect(story.length).toBeGreaterThan(200)
    expect(readme).toContain(story.trimEnd())
  })
})
