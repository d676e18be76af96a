import { XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { createMock, createStore } from '../../src/index.ts'
import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  CreateService,
  abTestStatuses,
  commentStatuses,
  goalTypes,
  type ContentsProxy,
  type DtoDef,
} from '../../src/model/index.ts'
import { writers } from '../../src/wire/answer/respond.ts'
import { abTestsPath, buildApp, commentsPath, parseBack, testContext } from '../support/index.ts'

// Issue 15: the built-in `edge-cases` scenario holds the data that breaks UIs, and every
// entity of it goes through every answer format.

const mock = createMock({ store: createStore({ seed: 1 }) })
mock.scenario('edge-cases')
const { state } = mock.store
const comments = [...state.comments.values()]
const abTests = [...state.abTests.values()]
const services = [...state.services.values()]
const containers = [...state.containers.values()]
const allText = JSON.stringify({ comments, abTests, services, containers })

/** Without its null fields, at any depth: JSON, XML and JSV answers leave nulls out. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([name, field]) => [name, withoutNulls(field)]),
  )
}

/**
 * XML and JSV write an `object`-typed field (FieldModel's MinValue and MaxValue) as bare text,
 * with no type (no `i:type`, no `__type`), so it reads back as text: compared as text there.
 */
function anyAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anyAsText)
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      (name === 'MinValue' || name === 'MaxValue') && typeof field === 'number'
        ? String(field)
        : anyAsText(field),
    ]),
  )
}

function depthOf(node: ContentsProxy): number {
  return 1 + Math.max(0, ...(node.Children ?? []).map(depthOf))
}

describe('the edge-cases scenario', () => {
  it('is listed, holds only the edge cases, and every comment status and A/B test status', () => {
    expect(mock.scenarios.list().map((s) => s.name)).toContain('edge-cases')
    expect(comments.every((c) => c.Key?.startsWith('edge-'))).toBe(true)
    expect(new Set(comments.map((c) => c.Status))).toEqual(new Set([...commentStatuses, null]))
    expect(new Set(abTests.map((t) => t.Status))).toEqual(new Set([...abTestStatuses, null]))
    const goalTypesSeen = new Set(abTests.flatMap((t) => (t.Goals ?? []).map((g) => g.GoalType)))
    expect(goalTypesSeen).toEqual(new Set(goalTypes))
  })

  it('has long, right-to-left, non-Latin, emoji and HTML-looking text', () => {
    expect(Math.max(...comments.map((c) => c.Message?.length ?? 0))).toBeGreaterThanOrEqual(10_000)
    expect(allText).toMatch(/[\u0590-\u05FF]/) // Hebrew
    expect(allText).toMatch(/[\u0600-\u06FF]/) // Arabic
    expect(allText).toMatch(/[\u4E00-\u9FFF]/) // CJK
    expect(allText).toContain('👩‍👩‍👧‍👦')
    expect(allText).toContain('<script>')
  })

  it('has an entity of each kind with every nullable field null', () => {
    const cases: [DtoDef, object | undefined][] = [
      [CommentResponse, state.comments.get('edge-nulls')],
      [ABTestViewModel, abTests.find((t) => t.Title === null && t.Variations === null)],
      [CreateService, state.services.get('/api/edge-nulls')],
      [ContainerInfoMessage, containers.find((c) => c.ContainersInfo === null)],
    ]
    for (const [def, entity] of cases) {
      expect(entity, def.name).toBeDefined()
      const nullable = def.entries.filter((e) => e.spec.nullable).map((e) => e.name)
      const nulls = nullable.filter((name) => (entity as Record<string, unknown>)[name] === null)
      // Only the key (and the fields a server always fills) keep a value.
      expect(nullable.length - nulls.length, def.name).toBeLessThanOrEqual(1)
    }
  })

  it('has the earliest and latest dates, zero and many variations and goals, a deep type tree', () => {
    const dates = [...comments.map((c) => c.DateCreated), ...abTests.map((t) => t.StopDate)]
    const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime())
    expect(Math.min(...times)).toBe(-62135596800000) // 0001-01-01, .NET's DateTime.MinValue
    expect(Math.max(...times)).toBe(253402300799999)
    const variationCounts = abTests.map((t) => t.Variations?.length ?? -1)
    expect(variationCounts).toContain(0)
    expect(Math.max(...variationCounts)).toBeGreaterThanOrEqual(50)
    expect(Math.max(...abTests.map((t) => t.Goals?.length ?? 0))).toBeGreaterThanOrEqual(30)
    const deepest = Math.max(...services.flatMap((s) => (s.Types ?? []).map(depthOf)))
    expect(deepest).toBeGreaterThanOrEqual(20)
    const fields = containers.flatMap((c) =>
      (c.ContainersInfo ?? []).flatMap((i) => i.Fields ?? []),
    )
    const full = fields.find((f) => f.Name === 'Every constraint')
    expect(Object.values(full ?? {}).every((value) => value !== null)).toBe(true)
  })
})

describe('the edge-cases scenario: each inline-editing strategy’s edge (issue 39)', () => {
  const items = containers.flatMap((c) => (c.ContainersInfo ?? []).map((i) => ({ page: c, i })))
  const of = (type: string) => items.filter(({ i }) => i.ItemType?.endsWith(type))

  it('holds an approval-workflow item awaiting approval whose status cannot change (InlineEditingHelper.cs l.215–223)', () => {
    expect(of('.NewsItem').map(({ i }) => i.ItemStatus)).toContainEqual(
      expect.objectContaining({ WorkflowStatus: 'AwaitingApproval', IsStatusEditable: false }),
    )
    expect(of('.NoViews').map(({ i }) => i.DetailsViewUrl)).toEqual([
      '/Sitefinity/Dialog/ContentViewEditDialog?ControlDefinitionName=&ViewName=&IsInlineEditingMode=true',
    ])
  })

  it('holds dynamic content that is a draft and published (InlineEditingHelper.cs l.198–213)', () => {
    expect(of('.Product').map(({ i }) => i.ItemStatus)).toContainEqual(
      expect.objectContaining({ WorkflowStatus: 'Draft', IsPublished: true }),
    )
  })

  it('holds a generic item unpublished yet answered published (GenericItemStrategy.cs l.172)', () => {
    expect(of('.ContentItem').map(({ i }) => i.ItemStatus)).toContainEqual(
      expect.objectContaining({
        WorkflowStatus: 'Unpublished',
        IsPublished: true,
        IsStatusEditable: false,
      }),
    )
  })

  it('holds page controls: the fixed read-only status, the page’s, and "" with no page (PageControlStrategy.cs l.154–211)', () => {
    expect(of('.PageControl').map(({ i }) => i.ItemStatus)).toContainEqual({
      DisplayStatus: null,
      IsAdmin: false,
      IsEditable: false,
      IsStatusEditable: false,
      IsLocked: false,
      IsPublished: true,
      IsLockedByMe: false,
      LockedByUsername: null,
      WorkflowStatus: null,
    })
    const [draft] = of('.PageDraftControl')
    expect(draft?.i.DetailsViewUrl).toBe('/strategy-edges/Action/Edit')
    expect(draft?.i.ItemStatus).toMatchObject({ IsLockedByMe: true, LockedByUsername: 'me' })
    const noPage = items.filter(
      ({ page }) => page.PageId === '00000000-0000-0000-0000-000000000000',
    )
    expect(noPage.length).toBeGreaterThan(0)
    for (const { i } of noPage.filter(({ i }) => i.IsPageControl)) expect(i.DetailsViewUrl).toBe('')
  })
})

describe('every edge case in every format', () => {
  const kinds: [string, DtoDef, object[]][] = [
    ['comment', CommentResponse, comments],
    ['A/B test', ABTestViewModel, abTests],
    ['service', CreateService, services],
    ['container page', ContainerInfoMessage, containers],
  ]
  for (const [kind, def, entities] of kinds) {
    it(`writes each ${kind} in JSON, XML and JSV and reads it back equal; CSV and HTML write`, () => {
      for (const entity of entities) {
        expect(XMLValidator.validate(writers.xml(def, entity, testContext()))).toBe(true)
        for (const format of ['json', 'xml', 'jsv'] as const) {
          const text = writers[format](def, entity, testContext())
          expect(
            withoutNulls(parseBack(format, text, def).value),
            `${format} ${JSON.stringify(entity).slice(0, 80)}`,
          ).toEqual(withoutNulls(format === 'json' ? entity : anyAsText(entity)))
        }
        expect(writers.csv(def, entity, testContext()).length).toBeGreaterThan(0)
        expect(writers.html(def, entity, testContext())).toContain('</html>')
      }
    })
  }

  it('answers the operations in every format for every comment and A/B test', async () => {
    const { app } = buildApp({
      mock: createMock({ store: createStore({ seed: 1 }), scenario: 'edge-cases' }),
    })
    const accepts = [
      'application/json',
      'application/xml',
      'application/jsv',
      'text/csv',
      'text/html',
    ]
    const xmlAnswers: string[] = []
    for (const accept of accepts) {
      for (const comment of comments) {
        const response = await app.request(commentsPath, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Accept: accept },
          body: JSON.stringify({ Key: comment.Key }),
        })
        expect(response.status, `${accept} ${comment.Key}`).toBe(200)
        const text = await response.text()
        expect(text).toContain(accept === 'text/csv' ? 'Key' : (comment.Key as string))
        if (accept === 'application/xml') xmlAnswers.push(text)
      }
      for (const test of abTests) {
        const response = await app.request(abTestsPath, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Accept: accept },
          body: JSON.stringify({ Id: test.Id }),
        })
        expect(response.status, `${accept} ${test.Id}`).toBe(200)
        await response.arrayBuffer()
      }
    }
    expect(xmlAnswers).toHaveLength(comments.length)
    for (const text of xmlAnswers) expect(XMLValidator.validate(text)).toBe(true)
  })
})
