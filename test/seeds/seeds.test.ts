import { describe, expect, it, vi } from 'vitest'
import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  ContainerInfoModel,
  ContentsProxy,
  CreateService,
  FieldModel,
  GoalViewModel,
  LifecycleStatusModel,
  PropertiesProxy,
  VariationViewModel,
  abTestStatuses,
  commentStatuses,
  goalTypes,
  defaultProfilePicture,
  defaultCaller,
  type DtoDef,
} from '../../src/model/index.ts'
import {
  createMemoryStore,
  deterministicGuid,
  type ContainerFacts,
  type ContainerFactsInput,
  type EntityFactory,
  type EntityFactoryMaker,
} from '../../src/store/index.ts'
import {
  commentsPerThread,
  createFactory,
  createSeededRandomizer,
  fieldKindOf,
  lifecycleStatuses,
  referenceTime,
} from '../../seeds/index.ts'

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i)
const someIds = range(300).map((n) => deterministicGuid(7, 'test-item', n))
const fieldNames = ['Title', 'Content', 'Summary', 'PublicationDate', 'StartDate', 'Price', 'Width']

// One sample of everything a factory makes, to compare factories with.
function sample(factory: EntityFactory): unknown[] {
  const id = someIds[0] ?? ''
  return [
    ...range(6).map((i) => factory.abTest(i)),
    ...range(6).map((i) => factory.service(i)),
    ...range(4).map((i) => factory.containerPage(i)),
    ...range(14).map((i) => factory.comment(i)),
    factory.pageTitle(id),
    facts(factory, id, 'Cms.News.Model.NewsItem', 'Home'),
    ...range(4).map((i) => factory.page(i)),
    ...fieldNames.map((name) => factory.fieldConstraints(id, name)),
  ]
}

/** A container's facts as the default caller asks for them, on no page unless one is given. */
function facts(
  factory: EntityFactory,
  itemId: string,
  itemType: string | null,
  pageTitle: string | null,
  more: Partial<ContainerFactsInput> = {},
): ContainerFacts {
  return factory.containerFacts({
    itemId,
    itemType,
    pageTitle,
    page: null,
    caller: defaultCaller,
    refererPage: null,
    ...more,
  })
}

function keysOf(def: DtoDef): string[] {
  return def.entries.map((entry) => entry.name)
}

function flattenTypes(
  types: readonly ContentsProxy[] | null,
  depth = 1,
): [ContentsProxy, number][] {
  return (types ?? []).flatMap((type): [ContentsProxy, number][] => [
    [type, depth],
    ...flattenTypes(type.Children, depth + 1),
  ])
}

describe('createFactory', () => {
  it('is an EntityFactoryMaker the memory store can seed from', () => {
    const maker: EntityFactoryMaker = createFactory
    const store = createMemoryStore({ seed: 3, factory: maker })
    expect(store.factory.seed).toBe(3)
    expect(store.state.abTests.size).toBe(store.counts.abTests)
    expect(store.state.services.size).toBe(store.counts.services)
    expect(store.state.containers.size).toBe(store.counts.containers)
    expect(store.state.comments.size).toBe(store.counts.comments)
  })

  it('makes the same data, to the byte, from the same seed', () => {
    const first = sample(createFactory(42))
    const second = sample(createFactory(42))
    expect(second).toEqual(first)
    expect(JSON.stringify(second)).toBe(JSON.stringify(first))
  })

  it('makes different data from different seeds, method by method', () => {
    const one = createFactory(1)
    const two = createFactory(2)
    const id = someIds[1] ?? ''
    expect(two.abTest(0)).not.toEqual(one.abTest(0))
    expect(two.service(1)).not.toEqual(one.service(1))
    expect(two.containerPage(0)).not.toEqual(one.containerPage(0))
    expect(two.comment(0)).not.toEqual(one.comment(0))
    expect(two.comment(0).ThreadKey).not.toBe(one.comment(0).ThreadKey)
    const titles = someIds.slice(0, 20)
    expect(titles.map((pageId) => two.pageTitle(pageId))).not.toEqual(
      titles.map((pageId) => one.pageTitle(pageId)),
    )
    expect(facts(two, id, null, null)).not.toEqual(facts(one, id, null, null))
    const constraints = (factory: EntityFactory) =>
      someIds.slice(0, 10).map((itemId) => factory.fieldConstraints(itemId, 'Title'))
    expect(constraints(two)).not.toEqual(constraints(one))
  })

  it('makes an entity the same whatever was made before it', () => {
    const direct = createFactory(9)
    const fifth = direct.comment(5)
    const seventh = direct.comment(7)
    const busy = createFactory(9)
    for (const i of range(5)) busy.comment(i)
    busy.abTest(3)
    busy.containerPage(1)
    busy.fieldConstraints(someIds[2] ?? '', 'Title')
    expect(busy.comment(5)).toEqual(fifth)
    busy.comment(100)
    expect(busy.comment(7)).toEqual(seventh)
    expect(busy.comment(5)).toEqual(fifth)
    expect(busy.abTest(2)).toEqual(createFactory(9).abTest(2))
    expect(busy.service(2)).toEqual(createFactory(9).service(2))
    expect(busy.containerPage(2)).toEqual(createFactory(9).containerPage(2))
  })

  it('does not depend on the day it runs', () => {
    const today = sample(createFactory(5))
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2041-07-15T13:45:00Z'))
      expect(sample(createFactory(5))).toEqual(today)
    } finally {
      vi.useRealTimers()
    }
  })

  it('makes whole DTO values, every field present', () => {
    const factory = createFactory(11)
    for (const i of range(10)) {
      const test = factory.abTest(i)
      expect(Object.keys(test)).toEqual(keysOf(ABTestViewModel))
      for (const v of test.Variations ?? [])
        expect(Object.keys(v)).toEqual(keysOf(VariationViewModel))
      for (const g of test.Goals ?? []) expect(Object.keys(g)).toEqual(keysOf(GoalViewModel))

      const service = factory.service(i)
      expect(Object.keys(service)).toEqual(keysOf(CreateService))
      for (const [type] of flattenTypes(service.Types)) {
        expect(Object.keys(type)).toEqual(keysOf(ContentsProxy))
        for (const p of type.Properties ?? [])
          expect(Object.keys(p)).toEqual(keysOf(PropertiesProxy))
      }

      const page = factory.containerPage(i)
      expect(Object.keys(page)).toEqual(keysOf(ContainerInfoMessage))
      for (const container of page.ContainersInfo ?? []) {
        expect(Object.keys(container)).toEqual(keysOf(ContainerInfoModel))
        expect(Object.keys(container.ItemStatus ?? {})).toEqual(keysOf(LifecycleStatusModel))
        for (const f of container.Fields ?? []) expect(Object.keys(f)).toEqual(keysOf(FieldModel))
      }

      expect(Object.keys(factory.comment(i))).toEqual(keysOf(CommentResponse))
    }
  })
})

describe('seeded A/B tests', () => {
  const factory = createFactory(21)
  const tests = range(50).map((i) => factory.abTest(i))

  it('cover all five statuses in the first five tests', () => {
    expect(
      tests
        .slice(0, 5)
        .map((test) => test.Status)
        .sort(),
    ).toEqual([...abTestStatuses].sort())
  })

  it.each(range(50))('test %i has one original and distributions summing to 100', (i) => {
    const test = tests[i]!
    const variations = test.Variations ?? []
    expect(test.Id).toMatch(guidPattern)
    expect(test.SiteId).toMatch(guidPattern)
    expect(test.Page.startsWith('/')).toBe(true)
    expect(variations.length).toBeGreaterThanOrEqual(2)
    expect(variations.length).toBeLessThanOrEqual(4)
    expect(variations.filter((v) => v.IsOriginal === true)).toHaveLength(1)
    expect(variations.reduce((sum, v) => sum + v.Distribution, 0)).toBe(100)
    for (const [ordinal, v] of variations.entries()) {
      expect(Number.isInteger(v.Distribution) && v.Distribution > 0).toBe(true)
      expect(v.Ordinal).toBe(ordinal)
      expect(v.Id).toMatch(guidPattern)
      expect(v.PageDataId).toMatch(guidPattern)
    }
    expect(new Set(variations.map((v) => v.Id)).size).toBe(variations.length)
  })

  it.each(range(50))('test %i has one primary goal of a known type', (i) => {
    const goals = tests[i]!.Goals ?? []
    expect(goals.length).toBeGreaterThanOrEqual(1)
    expect(goals.length).toBeLessThanOrEqual(3)
    expect(goals.filter((g) => g.IsPrimary === true)).toHaveLength(1)
    expect(goals.map((g) => g.Ordinal)).toEqual(range(goals.length))
    for (const goal of goals) expect(goalTypes).toContain(goal.GoalType)
  })

  /** The tests (by index) seeded with each status: the statuses take turns. */
  const withStatus = (...statuses: string[]): number[] =>
    range(50).filter((i) => statuses.includes(abTestStatuses[i % 5] ?? ''))

  /** The dates of test `i`, in ms; checks the status it was seeded with first. */
  function datesOf(i: number, status: string): { start: number | null; stop: number | null } {
    const test = tests[i]!
    expect(test.Status).toBe(status)
    const modified = test.LastModified.getTime()
    expect(modified).toBeLessThan(referenceTime)
    return { start: test.StartDate?.getTime() ?? null, stop: test.StopDate?.getTime() ?? null }
  }

  // Each status's rule for the dates; a test that has started was modified after it started.
  it.each(withStatus('NotStarted'))(
    'test %i has dates that agree with its status (NotStarted: no stop, no start yet)',
    (i) => {
      const { start, stop } = datesOf(i, 'NotStarted')
      expect(start === null || start > referenceTime).toBe(true)
      expect(stop).toBeNull()
    },
  )

  it.each(withStatus('Scheduled'))(
    'test %i has dates that agree with its status (Scheduled: starts later, stops after)',
    (i) => {
      const { start, stop } = datesOf(i, 'Scheduled')
      expect(start).not.toBeNull()
      expect(start!).toBeGreaterThan(referenceTime)
      expect(stop === null || stop > start!).toBe(true)
    },
  )

  it.each(withStatus('Active'))(
    'test %i has dates that agree with its status (Active: started, not stopped yet)',
    (i) => {
      const { start, stop } = datesOf(i, 'Active')
      expect(start!).toBeLessThan(referenceTime)
      expect(stop === null || stop > referenceTime).toBe(true)
      expect(tests[i]!.LastModified.getTime()).toBeGreaterThan(start!)
    },
  )

  it.each(withStatus('Stopped', 'Ended').map((i) => [i, abTestStatuses[i % 5]] as const))(
    'test %i has dates that agree with its status (%s: started and stopped before now)',
    (i, status) => {
      const { start, stop } = datesOf(i, status ?? '')
      expect(start!).toBeLessThan(stop!)
      expect(stop!).toBeLessThan(referenceTime)
      expect(tests[i]!.LastModified.getTime()).toBeGreaterThan(start!)
    },
  )

  /** Checks what every test's variations say about the winner; answers their ids. */
  function checkVariations(i: number): (string | null)[] {
    const test = tests[i]!
    const variations = test.Variations ?? []
    const ids = variations.map((v) => v.Id)
    for (const v of variations) expect(v.IsWinner).toBe(v.Id === test.WinnerVariationId)
    expect(test.SelectedVariationId === null || ids.includes(test.SelectedVariationId)).toBe(true)
    expect(test.UserSegmentId === null || guidPattern.test(test.UserSegmentId)).toBe(true)
    return ids
  }

  it.each(withStatus('Ended'))(
    'test %i marks the winner exactly when it has ended (ended)',
    (i) => {
      const test = tests[i]!
      expect(test.Status).toBe('Ended')
      expect(checkVariations(i)).toContain(test.WinnerVariationId)
      expect(test.WinnerVariationId).toBe(test.WinnerVariationId?.toLowerCase())
    },
  )

  it.each(withStatus('NotStarted', 'Scheduled', 'Active', 'Stopped'))(
    'test %i marks the winner exactly when it has ended (not ended)',
    (i) => {
      const test = tests[i]!
      expect(test.Status).not.toBe('Ended')
      checkVariations(i)
      expect(test.WinnerVariationId).toBeNull()
    },
  )
})

describe('seeded service definitions', () => {
  const factory = createFactory(31)
  const services = range(100).map((i) => factory.service(i))

  it('have routes unique case-insensitively', () => {
    const routes = services.map((service) => service.Route?.toLowerCase())
    expect(routes.every((route) => route?.startsWith('/api/'))).toBe(true)
    expect(new Set(routes).size).toBe(services.length)
    expect(services[0]?.Route).toBe('/api/default')
  })

  it('give every type exactly one key property, named Id', () => {
    for (const service of services) {
      const types = flattenTypes(service.Types)
      expect(service.Types?.length).toBeGreaterThanOrEqual(2)
      expect(service.Types?.length).toBeLessThanOrEqual(4)
      for (const [type, depth] of types) {
        const properties = type.Properties ?? []
        expect(depth).toBeLessThanOrEqual(3)
        expect(properties.length).toBeGreaterThanOrEqual(2)
        expect(properties.length).toBeLessThanOrEqual(5)
        expect(properties.filter((p) => p.IsKey).map((p) => p.Name)).toEqual(['Id'])
        expect(type.ClrType).not.toMatch(/telerik|sitefinity/i)
        for (const child of type.Children ?? []) expect(child.ParentId).toBe(type.UrlKey)
      }
      for (const type of service.Types ?? []) expect(type.ParentId).toBeNull()
    }
  })

  it('include nested types somewhere', () => {
    const depths = services.flatMap((service) => flattenTypes(service.Types).map(([, d]) => d))
    expect(Math.max(...depths)).toBe(3)
  })
})

describe('seeded container facts', () => {
  const factory = createFactory(41)
  const types = [
    'Cms.News.Model.NewsItem',
    'Cms.Events.Model.Event',
    'Cms.Blogs.Model.BlogPost',
    'Telerik.Sitefinity.Pages.Model.PageControl',
  ]

  const allFacts = someIds.map((id, n) =>
    facts(factory, id, types[n % types.length] ?? null, 'Home'),
  )
  const statuses = allFacts.map((facts) => facts.ItemStatus!)
  /** The items a rule is about; there must be some, or the rule checks nothing. */
  function some<T>(items: T[]): T[] {
    expect(items.length).toBeGreaterThan(0)
    return items
  }

  // What the CMS holds of an item is the seed's; the rest follows SF `InlineEditingHelper.cs`.
  it('keep each content lifecycle status as the host computes it', () => {
    const content = statuses.filter((_, n) => !(types[n % types.length] ?? '').includes('Pages'))
    for (const status of some(content)) {
      expect(lifecycleStatuses).toContain(status.WorkflowStatus)
      // l.194: published exactly when the workflow status is.
      expect(status.IsPublished).toBe(status.WorkflowStatus === 'Published')
      // l.186–193: a content item's lock owner is never set.
      expect(status.LockedByUsername).toBeNull()
      // l.192: the default caller is unrestricted, and has every right (l.146–159).
      expect(status.IsAdmin).toBe(true)
      expect(status.IsEditable).toBe(true)
      // l.215–223, the approval state being the workflow status.
      expect(status.IsStatusEditable).toBe(['Draft', 'Published'].includes(status.WorkflowStatus!))
    }
    for (const status of some(content.filter((s) => s.IsLockedByMe))) {
      expect(status.IsLocked).toBe(true)
    }
  })

  it('give a content item its back-end edit dialog, and a page control on no page ""', () => {
    for (const facts of some(allFacts.filter((f) => f.IsPageControl))) {
      expect(facts.DetailsViewUrl).toBe('')
    }
    for (const facts of some(allFacts.filter((f) => !f.IsPageControl))) {
      expect(facts.DetailsViewUrl).toMatch(
        /^\/Sitefinity\/Dialog\/ContentViewEditDialog\?ControlDefinitionName=\w+&ViewName=\w+&IsInlineEditingMode=true$/,
      )
    }
  })

  // SF `Services/InlineEditing/InlineEditingService.cs` l.238, 242 and
  // `InlineEditing/InlineEditingHelper.cs` l.123–127 (GetDisplayName).
  it('make a page control of ControlData types only, by type, never by chance', () => {
    for (const id of someIds.slice(0, 50)) {
      expect(facts(factory, id, 'Cms.News.Model.NewsItem', 'Home').IsPageControl).toBe(false)
      expect(facts(factory, id, 'Cms.Events.Model.Event', 'Home').IsPageControl).toBe(false)
      expect(
        facts(factory, id, 'Telerik.Sitefinity.Pages.Model.PageControl', 'Home').IsPageControl,
      ).toBe(true)
    }
  })

  it("name a content item by its title, the same for the same item whatever its type's name", () => {
    const id = someIds[3] ?? ''
    const news = facts(factory, id, 'Cms.News.Model.NewsItem', 'Home').DisplayType
    expect(news).toMatch(/^[A-Z]\S*( \S+){1,4}$/)
    expect(facts(factory, id, 'Telerik.Sitefinity.News.Model.NewsItem', 'Home').DisplayType).toBe(
      news,
    )
    expect(
      facts(factory, someIds[4] ?? '', 'Cms.News.Model.NewsItem', 'Home').DisplayType,
    ).not.toBe(news)
  })

  it.each([
    ['Telerik.Sitefinity.Pages.Model.PageControl', 'About us', 'PageControl'],
    ['Telerik.Sitefinity.Pages.Model.PageDraftControl', 'About us', 'About us'],
    ['Telerik.Sitefinity.Pages.Model.TemplateControl', 'About us', 'About us'],
    ['Telerik.Sitefinity.Pages.Model.TemplateControl', '', 'TemplateControl'],
    ['Telerik.Sitefinity.Forms.Model.FormControl, Telerik.Sitefinity.Model', 'x', 'FormControl'],
  ])('name a %s on the page %j %j, as GetDisplayName does', (type, pageTitle, expected) => {
    expect(facts(factory, someIds[5] ?? '', type, pageTitle).DisplayType).toBe(expected)
  })

  it('are the same for a GUID however it is written', () => {
    const id = someIds[4] ?? ''
    const braced = `{${id.toUpperCase()}}`
    expect(facts(factory, braced, null, null)).toEqual(facts(factory, id, null, null))
    expect(factory.pageTitle(braced)).toBe(factory.pageTitle(id))
    expect(factory.fieldConstraints(braced, 'Title')).toEqual(factory.fieldConstraints(id, 'Title'))
  })

  /** The constraints of 60 items' fields named `names`, each with its field's name. */
  function constraintsOf(
    names: readonly string[],
  ): { name: string; c: ReturnType<typeof factory.fieldConstraints> }[] {
    return someIds
      .slice(0, 60)
      .flatMap((id) => names.map((name) => ({ name, c: factory.fieldConstraints(id, name) })))
  }
  const ofKind = (kind: string): string[] => fieldNames.filter((name) => fieldKindOf(name) === kind)

  // SF `InlineEditingService.cs` l.252–263: Required, MaxLength, MinLength (ints), Pattern,
  // MinValue, MaxValue from the definition, and the three constant resource messages
  // (`Web/UI/PublicControls/PublicControlsResources.cs` l.391–402) on every field; no dates.
  it('give every field the constant violation messages, whatever its constraints', () => {
    for (const { c } of constraintsOf(fieldNames)) {
      expect(c.Required === null || c.Required === 'required').toBe(true)
      expect(c.RequiredViolationMessage).toBe('This field is required! ')
      expect(c.MinLengthViolationMessage).toBe('The input is too short')
      expect(c.MaxLengthViolationMessage).toBe('The input is too long')
      expect(Number.isInteger(c.MinLength)).toBe(true)
      expect(Number.isInteger(c.MaxLength)).toBe(true)
      expect(c).not.toHaveProperty('MinDate')
      expect(c).not.toHaveProperty('MaxDate')
    }
  })

  it('give fields constraints that fit their kind', () => {
    const all = constraintsOf(fieldNames)
    for (const { c } of some(all.filter(({ c }) => c.MaxLength !== 0))) {
      expect(c.MinLength!).toBeLessThanOrEqual(c.MaxLength!)
    }
    for (const { c } of some(all.filter(({ c }) => c.Pattern !== null))) {
      expect(() => new RegExp(c.Pattern!)).not.toThrow()
    }
  })

  it('give date fields no length or value bounds', () => {
    for (const { c } of some(constraintsOf(ofKind('date')))) {
      expect(c.MinLength).toBe(0)
      expect(c.MaxLength).toBe(0)
      expect(c.MinValue).toBeNull()
    }
  })

  it('give number fields a value range and no length bounds', () => {
    for (const { c } of some(constraintsOf(ofKind('number')))) {
      expect(c.MinValue as number).toBeLessThan(c.MaxValue as number)
      expect(c.MinLength).toBe(0)
      expect(c.MaxLength).toBe(0)
    }
  })

  it('give text fields a length range, sometimes without an upper limit, and no value bounds', () => {
    const text = constraintsOf(ofKind('text'))
    for (const { c } of some(text.filter(({ c }) => c.MaxLength !== 0))) {
      expect(c.MaxLength!).toBeGreaterThanOrEqual(50)
    }
    some(text.filter(({ c }) => c.MaxLength === 0))
    for (const { c } of text) expect(c.MinValue).toBeNull()
  })

  it('fill the seeded pages with the same facts a POST would get', () => {
    for (const i of range(10)) {
      const page = factory.containerPage(i)
      expect(page.PageId).toMatch(guidPattern)
      expect(page.PageTitle).toBe(factory.pageTitle(page.PageId!))
      const containers = page.ContainersInfo ?? []
      expect(containers.length).toBeGreaterThanOrEqual(2)
      expect(containers.length).toBeLessThanOrEqual(4)
      for (const container of containers) {
        expect(container.ItemId).toMatch(guidPattern)
        const expected = facts(factory, container.ItemId!, container.ItemType, page.PageTitle, {
          page: factory.page(i),
        })
        expect(container).toMatchObject(expected)
        const fields = container.Fields ?? []
        expect(fields.length).toBeGreaterThanOrEqual(1)
        expect(fields.length).toBeLessThanOrEqual(4)
        for (const field of fields) {
          expect(field).toEqual({
            Name: field.Name,
            MinDate: null,
            MaxDate: null,
            ...factory.fieldConstraints(container.ItemId!, field.Name!),
          })
        }
      }
    }
  })
})

describe('seeded pages', () => {
  const factory = createFactory(41)

  it("hold each seeded container page's PageId, with the title that page shows", () => {
    for (const i of range(10)) {
      const page = factory.page(i)
      expect(page.Id).toBe(factory.containerPage(i).PageId)
      expect(page.Id).toBe(factory.keyOf('pages', i))
      expect(page.Title).toBe(factory.containerPage(i).PageTitle)
    }
  })

  it('seed at least as many pages as container pages, so every container page is on one', () => {
    const store = createMemoryStore({
      seed: 3,
      factory: createFactory,
      counts: { containers: 12, pages: 2 },
    })
    expect(store.state.pages.size).toBe(12)
    for (const page of store.state.containers.values()) {
      expect(store.state.pages.has(page.PageId!)).toBe(true)
    }
    expect(createMemoryStore({ seed: 3, factory: createFactory }).state.pages.size).toBe(8)
  })
})

describe('seeded comments', () => {
  const factory = createFactory(51)
  const comments = range(600).map((i) => factory.comment(i))

  it('share a thread key with the rest of their thread, and only with it', () => {
    for (const [i, comment] of comments.entries()) {
      const first = comments[i - (i % commentsPerThread)]!
      expect(comment.ThreadKey).toBe(first.ThreadKey)
      expect(comment.ThreadKey).toMatch(guidPattern)
    }
    const threads = new Set(comments.map((comment) => comment.ThreadKey))
    expect(threads.size).toBe(comments.length / commentsPerThread)
  })

  it('have unique keys and believable fields', () => {
    expect(new Set(comments.map((comment) => comment.Key)).size).toBe(comments.length)
    for (const comment of comments) {
      expect(comment.Key).toMatch(guidPattern)
      expect(commentStatuses).toContain(comment.Status)
      expect(comment.DateCreated).toBeInstanceOf(Date)
      expect(comment.DateCreated.getTime()).toBeLessThan(referenceTime)
      expect(comment.Email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/)
      expect(comment.AuthorIpAddress).toMatch(/^(\d{1,3})(\.\d{1,3}){3}$/)
      expect(comment.AuthorIpAddress!.split('.').every((octet) => Number(octet) <= 255)).toBe(true)
      expect([null, 1, 2, 3, 4, 5]).toContain(comment.Rating)
      expect(comment.Message?.length).toBeGreaterThan(0)
    }
    const withCustomData = comments.filter((comment) => comment.CustomData !== null)
    expect(withCustomData.length).toBeGreaterThan(0)
    for (const comment of withCustomData)
      expect(() => JSON.parse(comment.CustomData!)).not.toThrow()
    const statuses = new Set(comments.map((comment) => comment.Status))
    expect(statuses.size).toBe(commentStatuses.length)
    const published = comments.filter((comment) => comment.Status === 'Published').length
    expect(published / comments.length).toBeGreaterThan(0.6)
  })

  // SF `Modules/Comments/CommentsUtilities.cs` l.734–750: the author's avatar (MediaUrl and
  // ThumbnailUrl), or the rooted default photo for both; nothing comes from the e-mail.
  it('give some authors an avatar and the others the host default photo, never Gravatar', () => {
    const withDefault = comments.filter((c) => c.ProfilePictureUrl === defaultProfilePicture)
    const withAvatar = comments.filter((c) => c.ProfilePictureUrl !== defaultProfilePicture)
    expect(withDefault.length).toBeGreaterThan(0)
    expect(withAvatar.length).toBeGreaterThan(0)
    for (const comment of withDefault) {
      expect(comment.ProfilePictureThumbnailUrl).toBe(defaultProfilePicture)
    }
    for (const comment of withAvatar) {
      expect(comment.ProfilePictureUrl).toMatch(
        /^\/images\/default-source\/avatars\/[a-z0-9-]+\.jpg\?sfvrsn=/,
      )
      expect(comment.ProfilePictureThumbnailUrl).toMatch(
        /^\/images\/default-source\/avatars\/.+\.tmb-thumb80\.jpg\?/,
      )
    }
    for (const comment of comments) expect(comment.ProfilePictureUrl).not.toContain('gravatar')
  })

  it('keep a thread in order of time', () => {
    // Each comment and the next one of the same thread.
    const sameThread = range(comments.length - 1).filter((i) => (i + 1) % commentsPerThread !== 0)
    for (const i of sameThread) {
      expect(comments[i]!.DateCreated.getTime()).toBeLessThan(
        comments[i + 1]!.DateCreated.getTime(),
      )
    }
  })
})

describe('createSeededRandomizer', () => {
  it('gives the same stream for the same seed words, and others for others', () => {
    const randomizer = createSeededRandomizer()
    const draw = (seed: number[]) => {
      randomizer.seed(seed)
      return range(5).map(() => randomizer.next())
    }
    expect(draw([1, 4, 7])).toEqual(draw([1, 4, 7]))
    expect(draw([1, 4, 7])).not.toEqual(draw([1, 4, 8]))
    expect(draw([1.5])).not.toEqual(draw([1]))
    expect(draw([2 ** 32 + 1])).not.toEqual(draw([1]))
  })

  it('spreads its first draw evenly over [0, 1)', () => {
    const randomizer = createSeededRandomizer()
    const bins = Array.from({ length: 10 }, () => 0)
    for (const i of range(20_000)) {
      randomizer.seed([3, 4, i])
      const x = randomizer.next()
      expect(x >= 0 && x < 1).toBe(true)
      bins[Math.floor(x * 10)]! += 1
    }
    for (const count of bins) expect(Math.abs(count - 2000)).toBeLessThan(200)
  })
})
