import {
  ABTestViewModel,
  commentStatuses,
  CommentResponse,
  ContainerInfoMessage,
  CreateService,
  abTestStatuses,
  goalTypes,
  type DtoDef,
} from '../model/index.ts'
import { noEntities } from '../store/index.ts'
import type { Fixtures } from './fixtures.ts'
import { strategyEdges, strategyEdgesPage } from './strategy-edges.ts'
import type { Scenario } from './scenario.ts'

// The built-in `edge-cases` scenario: the data that breaks user interfaces. Enum values and
// nullable fields are taken from the model's tables, so a value or field added there is covered.

/** Text that breaks layouts, fonts, escaping and bidirectional text, one kind each. */
const texts = {
  long: `${'A comment long enough to overflow any card, tooltip or table cell. '.repeat(150)}End.`,
  rightToLeft: 'مرحبا بالعالم، هذا تعليق — שלום עולם, זו תגובה',
  nonLatin: '你好，世界 · こんにちは世界 · 안녕하세요 · Привет, мир · Γειά σου Κόσμε',
  emoji: 'Family 👩‍👩‍👧‍👦, flag 🏳️‍🌈 🇸🇪, skin tone 👍🏽, keycap 1️⃣, plain 😀',
  html: `<script>alert("x")</script> <b>bold</b> &amp; &lt;tag&gt; "quoted" 'single' </textarea>`,
  combining: 'Zalgo: Z̷̢a̶͇l̸͎g̵̱o̴̞ · e\u0301 · tab\there · line\nbreak',
} as const

/** .NET's DateTime.MinValue and MaxValue (to the millisecond), as the wire carries them. */
const earliest = '0001-01-01T00:00:00.000Z'
const latest = '9999-12-31T23:59:59.999Z'

/** Every nullable field of a DTO set to null, except those named (the entity's key). */
function nullsOf(def: DtoDef, keep: readonly string[]): Record<string, null> {
  return Object.fromEntries(
    def.entries
      .filter((entry) => entry.spec.nullable && !keep.includes(entry.name))
      .map((entry) => [entry.name, null]),
  )
}

/** Guids that read as what they are: `e0000000-0000-4000-8000-00000000000n`. */
function guid(n: number): string {
  return `e0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
}

const textList = Object.entries(texts)

function comments(): NonNullable<Fixtures['Comments']> {
  const byStatus = commentStatuses.map((status, i) => {
    const [kind, text] = textList[i % textList.length] as [string, string]
    return { Key: `edge-${status.toLowerCase()}`, Status: status, Name: kind, Message: text }
  })
  return [
    ...byStatus,
    ...textList.map(([kind, text]) => ({ Key: `edge-${kind}`, Name: text, Message: text })),
    { Key: 'edge-earliest', DateCreated: earliest, Rating: 0 },
    { Key: 'edge-latest', DateCreated: latest, Rating: 5 },
    { Key: 'edge-nulls', ...nullsOf(CommentResponse, ['Key']) },
  ] as NonNullable<Fixtures['Comments']>
}

function variations(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    Id: guid(1000 + i),
    Name: i === 0 ? 'Original' : `${textList[i % textList.length]?.[1].slice(0, 60)} ${i}`,
    Distribution: Math.floor(100 / count),
    IsOriginal: i === 0,
    Ordinal: i,
    PageDataId: guid(2000 + i),
    IsWinner: i === 1,
  }))
}

function goals(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    Id: guid(3000 + i),
    GoalType: goalTypes[i % goalTypes.length],
    GoalNameResourceKey: `Goal_${i}`,
    ObjectName: textList[i % textList.length]?.[1].slice(0, 80),
    IsPrimary: i === 0,
    Ordinal: i,
  }))
}

function abTests(): NonNullable<Fixtures['ABTests']> {
  return [
    ...abTestStatuses.map((status, i) => ({
      Id: guid(i + 1),
      Title: `${status}: ${textList[i % textList.length]?.[1]}`,
      Status: status,
      Goals: goals(goalTypes.length),
    })),
    { Id: guid(100), Title: 'No variations and no goals', Variations: [], Goals: [] },
    { Id: guid(101), Title: texts.long, Variations: variations(50), Goals: goals(30) },
    { Id: guid(102), Title: 'Earliest to latest', StartDate: earliest, StopDate: latest },
    { Id: guid(103), ...nullsOf(ABTestViewModel, ['Id']) },
  ] as NonNullable<Fixtures['ABTests']>
}

/** A ContentsProxy tree `depth` levels deep, two children at the top, one below. */
function contentTree(depth: number, path = 'Root'): Record<string, unknown> {
  return {
    Name: path,
    UrlKey: path.toLowerCase().replace(/\W+/g, '-'),
    ClrType: `Cms.Types.${path.replace(/\W+/g, '')}`,
    Properties: [
      { Name: 'Title', PropertyType: 'ShortText', IsKey: false },
      { Name: 'Id', PropertyType: 'Guid', IsKey: true },
    ],
    Children: depth <= 1 ? [] : [contentTree(depth - 1, `${path}.Child`)],
  }
}

function services(): NonNullable<Fixtures['Services']> {
  return [
    {
      Route: '/api/edge-deep',
      Name: 'A type tree 24 levels deep',
      Types: [contentTree(24), contentTree(3, 'Sibling')],
    },
    { Route: '/api/edge-empty', Name: 'No types', Types: [] },
    ...textList.map(([kind, text]) => ({ Route: `/api/edge-${kind}`, Name: text })),
    { Route: '/api/edge-nulls', ...nullsOf(CreateService, ['Route']) },
  ] as NonNullable<Fixtures['Services']>
}

function containers(): NonNullable<Fixtures['Containers']> {
  const constrained = {
    Name: 'Every constraint',
    Required: 'true',
    MinDate: earliest,
    MaxDate: latest,
    MinLength: 1,
    MaxLength: 2147483647,
    Pattern: '^[\\p{L} ]+$',
    MinValue: -2147483648,
    MaxValue: 2147483647,
    RequiredViolationMessage: texts.rightToLeft,
    MinLengthViolationMessage: texts.emoji,
    MaxLengthViolationMessage: texts.html,
  }
  return [
    {
      PageId: guid(500),
      PageTitle: texts.nonLatin,
      ContainersInfo: [
        { ItemId: guid(501), ItemType: 'Cms.Types.News', Fields: [constrained] },
        { ItemId: guid(502), ItemType: texts.html, Fields: [{ Name: 'Unconstrained' }] },
        { ItemId: guid(503), ItemType: 'Cms.Types.Empty', Fields: [] },
      ],
    },
    { PageId: guid(510), PageTitle: 'No containers', ContainersInfo: [] },
    { PageId: guid(511), ...nullsOf(ContainerInfoMessage, ['PageId']) },
    // Each inline-editing strategy's edge (issue 39).
    ...strategyEdges(guid(520), (n) => guid(520 + n)),
  ] as NonNullable<Fixtures['Containers']>
}

/** The pages of the containers above (a POST finds them), and titles that break a heading. */
function pages(): NonNullable<Fixtures['Pages']> {
  return [
    { Id: guid(500), Title: texts.nonLatin, UrlName: 'non-latin' },
    { Id: guid(510), Title: 'No containers', UrlName: 'no-containers' },
    { Id: guid(511), Title: null, UrlName: null },
    { Id: guid(512), Title: texts.long, UrlName: 'long' },
    { Id: guid(513), Title: texts.rightToLeft, UrlName: 'right-to-left' },
    { Id: guid(514), Title: texts.emoji, UrlName: 'emoji' },
    { Id: guid(515), Title: texts.html, UrlName: texts.html },
    strategyEdgesPage(guid(520)),
  ]
}

/** The built-in `edge-cases` scenario: nothing seeded, only the edge cases. */
export function edgeCasesScenario(): Scenario {
  return {
    description:
      'Data that breaks UIs: longest, right-to-left, non-Latin, emoji and HTML-looking text, every enum value, nulls, earliest and latest dates, empty and long lists, a deep type tree',
    counts: noEntities,
    fixtures: {
      Comments: comments(),
      ABTests: abTests(),
      Services: services(),
      Containers: containers(),
      Pages: pages(),
    },
  }
}
