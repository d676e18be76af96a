import { describe, expect, it } from 'vitest'
import {
  ABTestViewModel,
  CommentResponse,
  CommentUpdateRequest,
  ContainerInfoMessage,
  ContainerInfoModel,
  ContentsProxy,
  CreateService,
  FieldModel,
  GoalViewModel,
  LifecycleStatusModel,
  PropertiesProxy,
  ServiceBaseRequest,
  VariationViewModel,
  abTestStatuses,
  commentStatuses,
  completeDto,
  describeType,
  emptyGuid,
  goalTypes,
  defaultProfilePicture,
  profilePictureUrls,
  type DtoDef,
} from '../../src/model/index.ts'

// The field tables of the spec (../spec/000_2f8dce39da1509ce.txt section 2), written out here.
// Each field is `Name: type`, with `?` when the spec marks it nullable (or "absent" by default).

const spec: ReadonlyArray<{ name: string; def: DtoDef; fields: readonly string[] }> = [
  {
    name: 'ABTestViewModel',
    def: ABTestViewModel,
    fields: [
      'Id: string',
      'Title: string?',
      'Description: string?',
      'StartDate: date-time?',
      'StopDate: date-time?',
      'Page: string',
      'SiteId: string',
      'Culture: string?',
      'Variations: list of VariationViewModel?',
      'Goals: list of GoalViewModel?',
      'ReportUrl: string?',
      'LastModified: date-time',
      'Status: ABTestStatus?',
      'Owner: string?',
      'WinnerVariationId: GUID?',
      'SelectedVariationId: GUID?',
      'PageNodeErrorMessage: string?',
      'WarningMessage: string?',
      'ApiKey: string?',
      'UserSegmentId: GUID?',
    ],
  },
  {
    name: 'VariationViewModel',
    def: VariationViewModel,
    fields: [
      'Id: string?',
      'Name: string?',
      'Distribution: int',
      'IsOriginal: bool?',
      'Ordinal: int',
      'PageDataId: string?',
      'IsWinner: bool?',
    ],
  },
  {
    name: 'GoalViewModel',
    def: GoalViewModel,
    fields: [
      'Id: string?',
      'GoalType: GoalType?',
      'GoalNameResourceKey: string?',
      'PredicateOperator: string?',
      'ObjectId: string?',
      'ObjectName: string?',
      'ObjectCulture: string?',
      'IsPrimary: bool?',
      'Ordinal: int',
    ],
  },
  ...(['ServiceBaseRequest', 'CreateService'] as const).map((name) => ({
    name,
    def: name === 'CreateService' ? CreateService : ServiceBaseRequest,
    fields: [
      'Route: string?',
      'Name: string?',
      'UrlName: string?',
      'Enabled: bool',
      'ApiKey: string?',
      'AccessControlAllowOrigin: string?',
      'AutogenerateTypes: bool',
      'Access: string?',
      'Types: list of ContentsProxy?',
      'Protocol: string?',
    ],
  })),
  {
    name: 'ContentsProxy',
    def: ContentsProxy,
    fields: [
      'Name: string?',
      'ReadOnly: bool',
      'UrlKey: string?',
      'ClrType: string?',
      'Access: string?',
      'Properties: list of PropertiesProxy?',
      'Children: list of ContentsProxy?',
      'AutogenerateProperties: bool',
      'ParentId: string?',
    ],
  },
  {
    name: 'PropertiesProxy',
    def: PropertiesProxy,
    fields: [
      'Name: string?',
      'PropertyType: string?',
      'IsPersistent: bool',
      'AllowSort: bool',
      'AllowFilter: bool',
      'IsKey: bool',
    ],
  },
  {
    name: 'ContainerInfoMessage',
    def: ContainerInfoMessage,
    fields: [
      'PageId: string?',
      'PageTitle: string?',
      'ContainersInfo: list of ContainerInfoModel?',
    ],
  },
  {
    name: 'ContainerInfoModel',
    def: ContainerInfoModel,
    fields: [
      'ItemId: string?',
      'ItemType: string?',
      'DisplayType: string?',
      'Provider: string?',
      'ItemStatus: LifecycleStatusModel?',
      'IsPageControl: bool?',
      'DetailsViewUrl: string?',
      'Fields: list of FieldModel?',
    ],
  },
  {
    name: 'LifecycleStatusModel',
    def: LifecycleStatusModel,
    fields: [
      'DisplayStatus: string?',
      'IsAdmin: bool?',
      'IsEditable: bool?',
      'IsStatusEditable: bool?',
      'IsLocked: bool?',
      'IsPublished: bool?',
      'IsLockedByMe: bool?',
      'LockedByUsername: string?',
      'WorkflowStatus: string?',
    ],
  },
  {
    name: 'FieldModel',
    def: FieldModel,
    fields: [
      'Name: string?',
      'Required: string?',
      'MinDate: string?',
      'MaxDate: string?',
      'MinLength: int?',
      'MaxLength: int?',
      'Pattern: string?',
      'MinValue: any?',
      'MaxValue: any?',
      'RequiredViolationMessage: string?',
      'MinLengthViolationMessage: string?',
      'MaxLengthViolationMessage: string?',
    ],
  },
  {
    name: 'CommentUpdateRequest',
    def: CommentUpdateRequest,
    fields: [
      'Key: string?',
      'Message: string?',
      'Status: string?',
      'Name: string?',
      'Email: string?',
      'CustomData: string?',
      'Rating: decimal?',
    ],
  },
  {
    name: 'CommentResponse',
    def: CommentResponse,
    fields: [
      'Key: string?',
      'Name: string?',
      'Message: string?',
      'DateCreated: date-time',
      'ProfilePictureUrl: string?',
      'ProfilePictureThumbnailUrl: string?',
      'Status: string?',
      'Email: string?',
      'ThreadKey: string?',
      'AuthorIpAddress: string?',
      'CustomData: string?',
      'Rating: decimal?',
    ],
  },
]

function namesOf(fields: readonly string[]): string[] {
  return fields.map((field) => field.slice(0, field.indexOf(':')))
}

function ordinal(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

const now = new Date(Date.UTC(2024, 4, 6, 7, 8, 9))

describe('DTO field tables', () => {
  it.each(spec)('$name has the spec field names in the spec order', ({ name, def, fields }) => {
    expect(def.name).toBe(name)
    expect(def.entries.map((entry) => entry.name)).toEqual(namesOf(fields))
    expect(Object.keys(def.fields)).toEqual(namesOf(fields))
  })

  it.each(spec)(
    '$name declares each field with the spec type and nullability',
    ({ def, fields }) => {
      expect(
        def.entries.map(
          (entry) =>
            `${entry.name}: ${describeType(entry.spec.type)}${entry.spec.nullable ? '?' : ''}`,
        ),
      ).toEqual(fields)
    },
  )

  it.each(spec)('$name lists its fields in ordinal order for XML', ({ def, fields }) => {
    expect(def.alphabetical.map((entry) => entry.name)).toEqual([...namesOf(fields)].sort(ordinal))
  })

  it.each(spec)('$name finds every field by its lowercased name', ({ def, fields }) => {
    expect(def.byLowerName.size).toBe(fields.length)
    for (const name of namesOf(fields)) {
      const entry = def.byLowerName.get(name.toLowerCase())
      expect(entry?.name).toBe(name)
      expect(entry?.lower).toBe(name.toLowerCase())
    }
  })

  it('orders ABTestViewModel members ordinally (uppercase letters before lowercase ones)', () => {
    expect(ABTestViewModel.alphabetical.map((entry) => entry.name)).toEqual([
      'ApiKey',
      'Culture',
      'Description',
      'Goals',
      'Id',
      'LastModified',
      'Owner',
      'Page',
      'PageNodeErrorMessage',
      'ReportUrl',
      'SelectedVariationId',
      'SiteId',
      'StartDate',
      'Status',
      'StopDate',
      'Title',
      'UserSegmentId',
      'Variations',
      'WarningMessage',
      'WinnerVariationId',
    ])
  })

  it('orders LifecycleStatusModel members ordinally, a prefix before its extensions', () => {
    expect(LifecycleStatusModel.alphabetical.map((entry) => entry.name)).toEqual([
      'DisplayStatus',
      'IsAdmin',
      'IsEditable',
      'IsLocked',
      'IsLockedByMe',
      'IsPublished',
      'IsStatusEditable',
      'LockedByUsername',
      'WorkflowStatus',
    ])
  })

  it('does not find a field by its PascalCase name in byLowerName', () => {
    expect(ABTestViewModel.byLowerName.get('WinnerVariationId')).toBeUndefined()
    expect(ABTestViewModel.byLowerName.get('winnervariationid')?.name).toBe('WinnerVariationId')
    expect(ABTestViewModel.byLowerName.get('bogus')).toBeUndefined()
  })

  it('holds the enumerated values of the spec', () => {
    expect(abTestStatuses).toEqual(['NotStarted', 'Scheduled', 'Active', 'Stopped', 'Ended'])
    expect(goalTypes).toEqual(['NextPageView', 'FormSubmission', 'DecConversion'])
    expect(ABTestViewModel.fields.Status.type).toMatchObject({
      kind: 'enum',
      values: abTestStatuses,
    })
    expect(GoalViewModel.fields.GoalType.type).toMatchObject({ kind: 'enum', values: goalTypes })
  })

  it('holds the four comment statuses of decisions.md section 5', () => {
    expect(commentStatuses).toEqual(['Published', 'WaitingForApproval', 'Spam', 'Hidden'])
  })
})

describe('completeDto', () => {
  it('fills an empty ABTestViewModel with the spec defaults', () => {
    expect(completeDto(ABTestViewModel, {}, now)).toEqual({
      Id: '',
      Title: null,
      Description: null,
      StartDate: null,
      StopDate: null,
      Page: '',
      SiteId: '',
      Culture: null,
      Variations: null,
      Goals: null,
      ReportUrl: null,
      LastModified: now,
      Status: null,
      Owner: null,
      WinnerVariationId: null,
      SelectedVariationId: null,
      PageNodeErrorMessage: null,
      WarningMessage: null,
      ApiKey: null,
      UserSegmentId: null,
    })
  })

  it('gives LastModified a Date equal to now that is not now itself', () => {
    const value = completeDto(ABTestViewModel, {}, now)
    expect(value.LastModified).toBeInstanceOf(Date)
    expect(value.LastModified.getTime()).toBe(now.getTime())
    expect(value.LastModified).not.toBe(now)
  })

  it.each<{ name: string; def: DtoDef; defaults: Record<string, unknown> }>([
    {
      name: 'VariationViewModel',
      def: VariationViewModel,
      defaults: {
        Id: null,
        Name: null,
        Distribution: 0,
        IsOriginal: null,
        Ordinal: 0,
        PageDataId: null,
        IsWinner: null,
      },
    },
    {
      name: 'GoalViewModel',
      def: GoalViewModel,
      defaults: {
        Id: null,
        GoalType: null,
        GoalNameResourceKey: null,
        PredicateOperator: null,
        ObjectId: null,
        ObjectName: null,
        ObjectCulture: null,
        IsPrimary: null,
        Ordinal: 0,
      },
    },
    {
      name: 'CreateService',
      def: CreateService,
      defaults: {
        Route: null,
        Name: null,
        UrlName: null,
        Enabled: false,
        ApiKey: null,
        AccessControlAllowOrigin: null,
        AutogenerateTypes: false,
        Access: null,
        Types: null,
        Protocol: null,
      },
    },
    {
      name: 'ContentsProxy',
      def: ContentsProxy,
      defaults: {
        Name: null,
        ReadOnly: false,
        UrlKey: null,
        ClrType: null,
        Access: null,
        Properties: null,
        Children: null,
        AutogenerateProperties: false,
        ParentId: null,
      },
    },
    {
      name: 'PropertiesProxy',
      def: PropertiesProxy,
      defaults: {
        Name: null,
        PropertyType: null,
        IsPersistent: false,
        AllowSort: false,
        AllowFilter: false,
        IsKey: false,
      },
    },
    {
      name: 'ContainerInfoMessage',
      def: ContainerInfoMessage,
      defaults: { PageId: null, PageTitle: null, ContainersInfo: null },
    },
    {
      name: 'CommentUpdateRequest',
      def: CommentUpdateRequest,
      defaults: {
        Key: null,
        Message: null,
        Status: null,
        Name: null,
        Email: null,
        CustomData: null,
        Rating: null,
      },
    },
    {
      name: 'CommentResponse',
      def: CommentResponse,
      defaults: {
        Key: null,
        Name: null,
        Message: null,
        DateCreated: now,
        ProfilePictureUrl: null,
        ProfilePictureThumbnailUrl: null,
        Status: null,
        Email: null,
        ThreadKey: null,
        AuthorIpAddress: null,
        CustomData: null,
        Rating: null,
      },
    },
  ])('fills an empty $name with the spec defaults', ({ def, defaults }) => {
    expect(completeDto(def, {}, now)).toEqual(defaults)
  })

  it.each(spec)('writes the keys of $name in declaration order', ({ def, fields }) => {
    expect(Object.keys(completeDto(def, {}, now))).toEqual(namesOf(fields))
  })

  it('keeps the given values, an explicit null and falsy values included', () => {
    const lastModified = new Date(0)
    const value = completeDto(
      ABTestViewModel,
      { Id: 'a', Title: null, Page: '', LastModified: lastModified, Status: 'Ended' },
      now,
    )
    expect(value.Id).toBe('a')
    expect(value.Title).toBeNull()
    expect(value.Page).toBe('')
    expect(value.LastModified).toBe(lastModified)
    expect(value.Status).toBe('Ended')
    expect(value.SiteId).toBe('')
  })

  it('keeps 0 and false given for fields whose default differs', () => {
    const value = completeDto(VariationViewModel, { IsOriginal: false, Distribution: 0 }, now)
    expect(value.IsOriginal).toBe(false)
    expect(value.Distribution).toBe(0)
  })

  it('ignores names that are not fields', () => {
    const value = completeDto(CommentUpdateRequest, { Key: 'k', Bogus: 1 } as never, now)
    expect(Object.keys(value)).not.toContain('Bogus')
    expect(value.Key).toBe('k')
  })

  it('exports the empty GUID in the dashed form', () => {
    expect(emptyGuid).toBe('00000000-0000-0000-0000-000000000000')
  })
})

// SF `Modules/Comments/CommentsUtilities.cs` l.734–750 (`PopulateAuthorInfo`) and
// `Security/UserDisplayNameBuilder.cs` l.88–98 (`GetAvatarImageUrl`): the author's avatar, or the
// rooted default photo; never Gravatar, never from the e-mail.
describe('profilePictureUrls', () => {
  it('answers the host default photo, rooted, for both URLs of an author without an avatar', () => {
    expect(profilePictureUrls(null)).toEqual({
      ProfilePictureUrl: '/SFRes/images/Telerik.Sitefinity.Resources/Images.DefaultPhoto.png',
      ProfilePictureThumbnailUrl:
        '/SFRes/images/Telerik.Sitefinity.Resources/Images.DefaultPhoto.png',
    })
    expect(defaultProfilePicture).toBe(
      '/SFRes/images/Telerik.Sitefinity.Resources/Images.DefaultPhoto.png',
    )
  })

  it("answers an author's avatar image: its MediaUrl and its ThumbnailUrl", () => {
    const avatar = { url: '/images/a.jpg?sfvrsn=1', thumbnailUrl: '/images/a.tmb-thumb80.jpg' }
    expect(profilePictureUrls(avatar)).toEqual({
      ProfilePictureUrl: avatar.url,
      ProfilePictureThumbnailUrl: avatar.thumbnailUrl,
    })
  })
})
