import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { stateJson } from '../../handlers/index.ts'
import {
  abTestsPath,
  abTestCreate,
  commentKey,
  commentMessage,
  commentUpdate,
  commentsPath,
  control,
  createPlane,
  createPlanes,
  readJson,
  responseStatusOf,
  stateText,
  ways,
  type Plane,
} from '../support/index.ts'

/** Changes the state through the service: one comment edited, one A/B test created. */
async function changeState(plane: Plane, message = 'Changed by a test.'): Promise<void> {
  const edit = await plane.request(commentsPath, commentUpdate(commentKey(plane.store), message))
  expect(edit.status).toBe(200)
  const created = await plane.request(abTestsPath, abTestCreate(`Made: ${message}`))
  expect(created.status).toBe(200)
}

describe.each(ways)('GET /__mock/state (%s)', (way) => {
  it('answers the seeded collections as JSON, byte for byte the stateJson of the store', async () => {
    const plane = createPlane(way)
    const response = await plane.request('/__mock/state')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const text = await response.text()
    expect(text).toBe(stateJson(createStore({ seed: 1 })))
    const body = JSON.parse(text) as Record<string, unknown[]>
    expect(Object.keys(body)).toEqual(['ABTests', 'Services', 'Containers', 'Comments', 'Pages'])
    expect(body.Comments).toHaveLength(plane.store.counts.comments)
  })

  it('follows changes made through the service', async () => {
    const plane = createPlane(way)
    const before = await stateText(plane)
    await changeState(plane, 'Visible in the state.')
    const after = await stateText(plane)
    expect(after).not.toBe(before)
    expect(after).toContain('Visible in the state.')
    expect(after).toContain('Made: Visible in the state.')
  })
})

describe('GET /__mock/state: the same bytes both ways', () => {
  it('answers identical text through the app and through msw', async () => {
    const planes = createPlanes()
    // `request` fails the test on a network error instead of answering one.
    const viaApp = await planes.app.request('/__mock/state')
    const viaMsw = await planes.msw.request('/__mock/state')
    expect(await viaApp.text()).toBe(await viaMsw.text())
  })
})

describe.each(ways)('POST /__mock/reset (%s)', (way) => {
  it('answers 200 {seed} and puts the state back to the seeded bytes', async () => {
    const plane = createPlane(way)
    const seeded = await stateText(plane)
    await changeState(plane)
    expect(await stateText(plane)).not.toBe(seeded)

    const response = await control(plane, 'POST', '/__mock/reset')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await readJson(response)).toEqual({ seed: 1 })
    expect(await stateText(plane)).toBe(seeded)
  })

  it('restarts the GUID sequence: the first A/B test made after a reset gets the same Id', async () => {
    const plane = createPlane(way)
    const first = await readJson(await plane.request(abTestsPath, abTestCreate('One')))
    await plane.request(abTestsPath, abTestCreate('Two'))
    expect(plane.store.generated).toBe(2)
    await control(plane, 'POST', '/__mock/reset')
    expect(plane.store.generated).toBe(0)
    const again = await readJson(await plane.request(abTestsPath, abTestCreate('One again')))
    expect(again.Id).toBe(first.Id)
  })

  it.each([7, 0, 123456])(
    'reseeds with ?seed=%i: the state equals a fresh store of that seed',
    async (seed) => {
      const plane = createPlane(way)
      await changeState(plane)
      const response = await control(plane, 'POST', `/__mock/reset?seed=${seed}`)
      expect(response.status).toBe(200)
      expect(await readJson(response)).toEqual({ seed })
      expect(await stateText(plane)).toBe(stateJson(createStore({ seed })))
      expect(plane.store.seed).toBe(seed)
    },
  )

  it.each(['abc', '-1', '1.5', '', '7x'])(
    'answers 400 ResponseStatus for ?seed=%j and leaves the state alone',
    async (seed) => {
      const plane = createPlane(way)
      await changeState(plane, 'Kept after a bad reset.')
      const before = await stateText(plane)
      const response = await control(
        plane,
        'POST',
        `/__mock/reset?seed=${encodeURIComponent(seed)}`,
      )
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const status = await responseStatusOf(response)
      expect(status.ErrorCode).toBe('ArgumentException')
      expect(status.Message).toContain(`'${seed}'`)
      expect(status.Errors).toEqual([])
      expect(await stateText(plane)).toBe(before)
    },
  )
})

describe.each(ways)('/__mock/snapshots (%s)', (way) => {
  it('saves (201), lists, and restores a snapshot after the state changed', async () => {
    const plane = createPlane(way)
    await changeState(plane, 'Before the snapshot.')
    const saved = await stateText(plane)

    const save = await control(plane, 'POST', '/__mock/snapshots/before')
    expect(save.status).toBe(201)
    const saveBody = await readJson(save)
    expect(saveBody).toMatchObject({ name: 'before', seed: 1 })
    expect(Number.isNaN(Date.parse(saveBody.savedAt))).toBe(false)

    await changeState(plane, 'After the snapshot.')
    expect(await stateText(plane)).not.toBe(saved)

    const restore = await control(plane, 'PUT', '/__mock/snapshots/before')
    expect(restore.status).toBe(200)
    expect(await readJson(restore)).toMatchObject({ name: 'before', seed: 1 })
    expect(await stateText(plane)).toBe(saved)
  })

  it('lists the saved names', async () => {
    const plane = createPlane(way)
    const empty = await control(plane, 'GET', '/__mock/snapshots')
    expect(empty.status).toBe(200)
    expect(await readJson(empty)).toEqual({ snapshots: [] })
    for (const name of ['first', 'second', 'with space']) {
      const response = await control(plane, 'POST', `/__mock/snapshots/${encodeURIComponent(name)}`)
      expect(response.status).toBe(201)
    }
    const list = await readJson(await control(plane, 'GET', '/__mock/snapshots'))
    expect(list.snapshots.map((s: { name: string }) => s.name)).toEqual([
      'first',
      'second',
      'with space',
    ])
    for (const entry of list.snapshots) {
      expect(entry.seed).toBe(1)
      expect(typeof entry.savedAt).toBe('string')
    }
  })

  it('answers 404 ResponseStatus when restoring an unknown name, and changes nothing', async () => {
    const plane = createPlane(way)
    await changeState(plane)
    const before = await stateText(plane)
    const response = await control(plane, 'PUT', '/__mock/snapshots/never-saved')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const status = await responseStatusOf(response)
    expect(status.ErrorCode).toBe('NotFound')
    expect(status.Message).toContain('never-saved')
    expect(await stateText(plane)).toBe(before)
  })

  it('deletes a snapshot (204), then restoring or deleting it again is a 404', async () => {
    const plane = createPlane(way)
    expect((await control(plane, 'POST', '/__mock/snapshots/gone')).status).toBe(201)
    const removed = await control(plane, 'DELETE', '/__mock/snapshots/gone')
    expect(removed.status).toBe(204)
    expect(await removed.text()).toBe('')
    expect(await readJson(await control(plane, 'GET', '/__mock/snapshots'))).toEqual({
      snapshots: [],
    })
    const restore = await control(plane, 'PUT', '/__mock/snapshots/gone')
    expect(restore.status).toBe(404)
    expect((await responseStatusOf(restore)).ErrorCode).toBe('NotFound')
    const again = await control(plane, 'DELETE', '/__mock/snapshots/gone')
    expect(again.status).toBe(404)
    expect((await responseStatusOf(again)).Message).toContain('gone')
  })

  it('is isolated from later changes: restoring twice gives the saved state both times', async () => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const original = commentMessage(plane.store, key)
    await control(plane, 'POST', '/__mock/snapshots/clean')

    await plane.request(commentsPath, commentUpdate(key, 'Edit one.'))
    expect(commentMessage(plane.store, key)).toBe('Edit one.')
    await control(plane, 'PUT', '/__mock/snapshots/clean')
    expect(commentMessage(plane.store, key)).toBe(original)

    // A change after a restore must not reach into the saved copy.
    await plane.request(commentsPath, commentUpdate(key, 'Edit two.'))
    await control(plane, 'PUT', '/__mock/snapshots/clean')
    expect(commentMessage(plane.store, key)).toBe(original)
  })

  it('saving the same name again replaces the snapshot', async () => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    await control(plane, 'POST', '/__mock/snapshots/slot')
    await plane.request(commentsPath, commentUpdate(key, 'Second version.'))
    await control(plane, 'POST', '/__mock/snapshots/slot')
    await plane.request(commentsPath, commentUpdate(key, 'Third version.'))
    await control(plane, 'PUT', '/__mock/snapshots/slot')
    expect(commentMessage(plane.store, key)).toBe('Second version.')
    const list = await readJson(await control(plane, 'GET', '/__mock/snapshots'))
    expect(list.snapshots).toHaveLength(1)
  })

  it('keeps the seed and the GUID sequence: restoring a seed-1 snapshot after a reseed', async () => {
    const plane = createPlane(way)
    await plane.request(abTestsPath, abTestCreate('Before'))
    const saved = await stateText(plane)
    await control(plane, 'POST', '/__mock/snapshots/one')
    const next = await readJson(await plane.request(abTestsPath, abTestCreate('Next')))

    await control(plane, 'POST', '/__mock/reset?seed=9')
    expect(plane.store.seed).toBe(9)
    await control(plane, 'PUT', '/__mock/snapshots/one')
    expect(plane.store.seed).toBe(1)
    expect(await stateText(plane)).toBe(saved)
    const nextAgain = await readJson(await plane.request(abTestsPath, abTestCreate('Next')))
    expect(nextAgain.Id).toBe(next.Id)
  })
})
