import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readDataFile } from '../../src/tools/cli/data-file.ts'
import {
  applyMockParameters,
  createMock,
  createStore,
  type MockParameters,
} from '../../src/index.ts'
import { buildApp, commentKey, commentsPath, responseStatusOf, tempDir } from '../support/index.ts'

// Issue 26, point 14: fixtures are checked as the API checks. A collection name that is not
// one (exact, as in /__mock/state) and a value an operation would refuse are a 400 naming them,
// and nothing of the document is stored.

type App = ReturnType<typeof buildApp>['app']

function postFixtures(app: App, body: unknown): Promise<Response> {
  return Promise.resolve(
    app.request('/__mock/fixtures', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
}

async function stateText(app: App): Promise<string> {
  return await (await app.request('/__mock/state')).text()
}

const guid = '5b0c7d3e-8a4f-4e1c-9d2b-7f6a5e4d3c2b'
/** A valid entity first in every refused document: it must not be stored either. */
const containersPath = '/RestApi/cms/inlineediting/containersInfo'
const valid = { Key: 'stored-before-the-bad-one', Status: 'Published' }

describe('a fixture value an operation would refuse', () => {
  it.each([
    {
      value: "Comments[0].Status 'Bogus'",
      document: { Comments: [valid, { Key: 'c', Status: 'Bogus' }] },
      message:
        "Comments[1].Status: 'Bogus' is not one of Published, WaitingForApproval, Spam, Hidden",
    },
    {
      value: "Comments[0].Status ''",
      document: { Comments: [valid, { Key: 'c', Status: '' }] },
      message: "Comments[1].Status: '' is not one of Published, WaitingForApproval, Spam, Hidden",
    },
    {
      value: "Containers[0].PageId 'zzz'",
      document: { Comments: [valid], Containers: [{ PageId: 'zzz' }] },
      message: "Containers[0].PageId: 'zzz' is not a GUID",
    },
    {
      value: "Containers[0].ContainersInfo[0].ItemId 'nope'",
      document: {
        Comments: [valid],
        Containers: [{ PageId: guid, ContainersInfo: [{ ItemId: 'nope', Fields: [] }] }],
      },
      message: "Containers[0].ContainersInfo[0].ItemId: 'nope' is not a GUID",
    },
    {
      value: 'Containers[0].ContainersInfo[0] without ItemId',
      document: { Comments: [valid], Containers: [{ PageId: guid, ContainersInfo: [{}] }] },
      message: 'Containers[0].ContainersInfo[0].ItemId is required (a GUID)',
    },
    {
      value: "ABTests[0].WinnerVariationId 'not-a-guid'",
      document: { Comments: [valid], ABTests: [{ Id: 'a', WinnerVariationId: 'not-a-guid' }] },
      message: "ABTests[0].WinnerVariationId: 'not-a-guid' is not a valid GUID",
    },
  ])(
    'refuses $value with a 400 naming the field, storing nothing',
    async ({ document, message }) => {
      const { app } = buildApp()
      const before = await stateText(app)
      const response = await postFixtures(app, document)
      expect(response.status).toBe(400)
      const status = await responseStatusOf(response)
      expect(status.Message).toBe(`Failed to store the fixtures: ${message}`)
      expect(await stateText(app)).toBe(before)
    },
  )

  it.each([
    [
      'mock.fixtures',
      (fixtures: object) => createMock({ store: createStore() }).fixtures(fixtures),
    ],
    ['createStore({ fixtures })', (fixtures: object) => createStore({ fixtures })],
    [
      'applyMockParameters',
      (fixtures: object) => applyMockParameters(createMock({ store: createStore() }), { fixtures }),
    ],
    [
      'a scenario’s fixtures',
      (fixtures: object) => createMock({ store: createStore(), scenarios: { s: { fixtures } } }),
    ],
  ])('is refused the same way by %s, naming the field', (_name, apply) => {
    expect(() => apply({ Comments: [{ Key: 'c', Status: 'Bogus' }] })).toThrow(
      /Comments\[0\]\.Status: 'Bogus' is not one of Published/,
    )
  })

  // SF `Modules/Comments/CommentsUtilities.cs` l.49–55: the operation takes the four names only
  // as spelt, so a fixture in another case is refused as the PUT refuses it.
  it('refuses a status in another case, as the operation does: spam is not Spam', async () => {
    const { app } = buildApp()
    const key = commentKey(createStore({ seed: 1 }))
    const put = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: key, Status: 'spam' }),
    })
    expect(put.status).toBe(400)
    const posted = await postFixtures(app, { Comments: [{ Key: 'f', Status: 'spam' }] })
    expect(posted.status).toBe(400)
    expect((await responseStatusOf(posted)).Message).toMatch(
      /Comments\[0\]\.Status: 'spam' is not one of Published/,
    )
  })

  it('stores a GUID in any form as lowercase 8-4-4-4-12, as containersInfo does', async () => {
    const { app, mock } = buildApp()
    const upper = `{${guid.toUpperCase()}}`
    const item = guid.replace('5b0c', '6c1d')
    const posted = await postFixtures(app, {
      Containers: [{ PageId: upper, ContainersInfo: [{ ItemId: item.toUpperCase(), Fields: [] }] }],
      Pages: [{ Id: upper, Title: 'Fixture page' }],
    })
    expect(posted.status).toBe(201)
    expect(mock.store.state.pages.get(guid)?.Id).toBe(guid)
    const stored = mock.store.state.containers.get(guid)
    expect(stored?.PageId).toBe(guid)
    expect(stored?.ContainersInfo?.[0]?.ItemId).toBe(item)
    // The operation finds the page stored under the same key, and stores its answer there.
    const post = await app.request(containersPath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ PageId: guid, ContainersInfo: [] }),
    })
    expect(post.status).toBe(200)
    expect(mock.store.state.containers.size).toBe(4)
  })

  it('takes an A/B test Id that is no GUID, as PUT /ab-testing stores it (a string there)', async () => {
    const { app } = buildApp()
    const put = await app.request('/RestApi/ab-testing', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Id: 'not-a-guid', Title: 'via the API' }),
    })
    expect(put.status).toBe(200)
    expect((await postFixtures(app, { ABTests: [{ Id: 'also-not-a-guid' }] })).status).toBe(201)
  })
})

describe('a fixture collection name', () => {
  it.each([
    ['Commentz', "unknown collection 'Commentz'"],
    ['comments', "unknown collection 'comments' (did you mean 'Comments'?)"],
    ['abtests', "unknown collection 'abtests' (did you mean 'ABTests'?)"],
    ['Seed', "unknown collection 'Seed'"],
    ['Counts', "unknown collection 'Counts'"],
  ])('refuses %s with a 400 naming it and the collections there are', async (name, named) => {
    const { app } = buildApp()
    const before = await stateText(app)
    const response = await postFixtures(app, { Comments: [valid], [name]: [{ Key: 'k' }] })
    expect(response.status).toBe(400)
    const status = await responseStatusOf(response)
    expect(status.ErrorCode).toBe('ArgumentException')
    expect(status.Message).toBe(
      `Failed to store the fixtures: ${named}: the collections are ABTests, Services, ` +
        'Containers, Comments, Pages, named exactly as in /__mock/state',
    )
    expect(await stateText(app)).toBe(before)
  })

  it('is refused in a --data file, which has the same shape', async () => {
    const path = join(tempDir(), 'db.json')
    writeFileSync(path, JSON.stringify({ comments: [{ Key: 'k' }] }))
    const data = await readDataFile(path)
    expect(() => createMock({ store: createStore(), scenarios: { data } })).toThrow(
      "scenario 'data': Failed to store the fixtures: unknown collection 'comments' (did you mean 'Comments'?)",
    )
  })

  it('names every unknown collection of a document at once', async () => {
    const { app } = buildApp()
    const response = await postFixtures(app, { Commentz: [], Servicez: [] })
    expect((await responseStatusOf(response)).Message).toContain(
      "unknown collections 'Commentz', 'Servicez':",
    )
  })

  it.each(['ABTests', 'Services', 'Containers', 'Comments'])('takes %s', async (name) => {
    const { app } = buildApp()
    expect((await postFixtures(app, { [name]: [] })).status).toBe(201)
  })
})

describe('the types of fixtures and mock parameters', () => {
  it('fail to compile for a status or a built-in scenario name that is not one', () => {
    const mock = createMock({ store: createStore() })
    // @ts-expect-error Bogus is no comment status
    expect(() => mock.fixtures({ Comments: [{ Key: 'typed', Status: 'Bogus' }] })).toThrow()
    // @ts-expect-error emtpy is no built-in scenario
    const misspelt: MockParameters = { scenario: 'emtpy' }
    const own: MockParameters<'flagged'> = { scenario: 'flagged' }
    const builtIn: MockParameters = {
      scenario: 'edge-cases',
      fixtures: { Comments: [{ Key: 'k', Status: 'Spam' }] },
    }
    expect(() => applyMockParameters(mock, misspelt)).toThrow(/'emtpy'/)
    expect(() => applyMockParameters(mock, own)).toThrow(/'flagged'/)
    applyMockParameters(mock, builtIn)
    expect(mock.scenarios.current).toBe('edge-cases')
  })
})
