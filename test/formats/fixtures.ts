import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  ContainerInfoModel,
  ContentsProxy,
  CreateService,
  ErrorResponse,
  FieldModel,
  GoalViewModel,
  LifecycleStatusModel,
  PropertiesProxy,
  ResponseStatus,
  VariationViewModel,
  completeDto,
} from '../../src/model/index.ts'
import { fixedNow } from '../support/index.ts'

// Fixed DTO values for the golden files and the reader tests. Dates are fixed UTC instants;
// defaults of non-nullable dates come from the fixtures' clock (`fixedNow`).

export const comment = completeDto(
  CommentResponse,
  {
    Key: 'c0a8012e-7f3b-4a1d-9b2e-5d6f7a8b9c0d',
    Name: 'Me, Junior', // servicestack-wire.md 5.1: {Name:"Me, Junior"}
    Message: 'Size 2" x 1"', // servicestack-wire.md 5.1: {Size:"2"" x 1"""}
    DateCreated: new Date(Date.UTC(2018, 0, 1, 12)), // 4.2: 2018-01-01T12:00:00Z
    ProfilePictureUrl:
      'https://www.gravatar.com/avatar/0bc83cb571cd1c50ba6f3e8a78ef1346?s=200&d=identicon',
    ProfilePictureThumbnailUrl: null,
    Status: 'Published',
    Email: 'me@example.com',
    ThreadKey: '[news] 2018',
    AuthorIpAddress: '127.0.0.1',
    CustomData: '',
    Rating: 4.5,
  },
  fixedNow,
)

/**
 * The comment for the XML goldens. How DataContractSerializer escapes `"` in element text and
 * writes an empty string is not settled by servicestack-wire.md section 7, so the XML goldens
 * keep to what XML itself settles (`&`, `<`, `>`).
 */
export const commentForXml = {
  ...comment,
  Message: 'Tom & Jerry <3 >_<',
  CustomData: null,
}

export const abTest = completeDto(
  ABTestViewModel,
  {
    Id: '6b1c2b8e-3f4a-4c5d-8e9f-0a1b2c3d4e5f',
    Title: 'Homepage hero, spring',
    Description: null,
    StartDate: new Date(Date.UTC(2024, 2, 1)),
    StopDate: null,
    Page: '/home',
    SiteId: '4c003fb0-2a77-61ec-be54-ff00007864f4',
    Culture: 'en',
    Variations: [
      completeDto(
        VariationViewModel,
        {
          Id: 'a1',
          Name: 'Original',
          Distribution: 50,
          IsOriginal: true,
          Ordinal: 0,
          PageDataId: 'f669d9a7-009d-4d83-ddaa-000000000002',
          IsWinner: null,
        },
        fixedNow,
      ),
      completeDto(
        VariationViewModel,
        {
          Id: 'a2',
          Name: 'Variant: B',
          Distribution: 50,
          IsOriginal: false,
          Ordinal: 1,
          PageDataId: null,
          IsWinner: true,
        },
        fixedNow,
      ),
    ],
    Goals: [
      completeDto(
        GoalViewModel,
        {
          Id: 'g1',
          GoalType: 'FormSubmission',
          GoalNameResourceKey: 'FormSubmitted',
          PredicateOperator: 'Equals',
          ObjectId: '0e984725-c51c-4bf4-9960-e1c80e27aba0',
          ObjectName: 'Contact us',
          ObjectCulture: 'en',
          IsPrimary: true,
          Ordinal: 0,
        },
        fixedNow,
      ),
    ],
    ReportUrl: 'https://example.com/reports?test=1&tab=goals',
    LastModified: new Date(Date.UTC(2024, 2, 15, 9, 30, 0, 250)),
    Status: 'Active',
    Owner: 'admin',
    WinnerVariationId: '0e984725-c51c-4bf4-9960-e1c80e27aba1',
    SelectedVariationId: null,
    PageNodeErrorMessage: null,
    WarningMessage: null,
    ApiKey: null,
    UserSegmentId: null,
  },
  fixedNow,
)

export const containerInfo = completeDto(
  ContainerInfoMessage,
  {
    PageId: '2f1e5c3a-7d6b-4e8f-9a0b-1c2d3e4f5a6b',
    PageTitle: 'Home',
    ContainersInfo: [
      completeDto(
        ContainerInfoModel,
        {
          ItemId: '9d8c7b6a-5f4e-4d3c-2b1a-0f9e8d7c6b5a',
          ItemType: 'Telerik.Sitefinity.News.Model.NewsItem',
          DisplayType: 'News',
          Provider: 'OpenAccessDataProvider',
          ItemStatus: completeDto(
            LifecycleStatusModel,
            {
              DisplayStatus: 'Published',
              IsAdmin: true,
              IsEditable: true,
              IsStatusEditable: true,
              IsLocked: false,
              IsPublished: true,
              IsLockedByMe: false,
              LockedByUsername: null,
              WorkflowStatus: 'Published',
            },
            fixedNow,
          ),
          IsPageControl: false,
          DetailsViewUrl: '/news/detail',
          Fields: [
            completeDto(
              FieldModel,
              {
                Name: 'Title',
                Required: 'required',
                MinLength: 0,
                MaxLength: 255,
                Pattern: '^[A-Z].*$',
                RequiredViolationMessage: 'Title is required',
                MaxLengthViolationMessage: 'Title is too long',
              },
              fixedNow,
            ),
            completeDto(FieldModel, { Name: 'Rating', MinValue: '1', MaxValue: '5' }, fixedNow),
          ],
        },
        fixedNow,
      ),
    ],
  },
  fixedNow,
)

export const createService = completeDto(
  CreateService,
  {
    Route: 'products',
    Name: 'Products API',
    UrlName: 'products',
    Enabled: true,
    ApiKey: null,
    AccessControlAllowOrigin: '*',
    AutogenerateTypes: false,
    Access: 'Everyone',
    Protocol: 'OData',
    Types: [
      completeDto(
        ContentsProxy,
        {
          Name: 'Products',
          ReadOnly: false,
          UrlKey: 'products',
          ClrType: 'Telerik.Sitefinity.DynamicTypes.Model.Catalog.Product',
          Access: 'Everyone',
          Properties: [
            completeDto(
              PropertiesProxy,
              {
                Name: 'Title',
                PropertyType: 'String',
                IsPersistent: true,
                AllowSort: true,
                AllowFilter: true,
                IsKey: false,
              },
              fixedNow,
            ),
          ],
          Children: [
            completeDto(
              ContentsProxy,
              {
                Name: 'Reviews',
                ReadOnly: true,
                UrlKey: 'reviews',
                ClrType: null,
                Access: null,
                Properties: [],
                Children: [],
                AutogenerateProperties: true,
                ParentId: 'products',
              },
              fixedNow,
            ),
          ],
          AutogenerateProperties: false,
          ParentId: null,
        },
        fixedNow,
      ),
    ],
  },
  fixedNow,
)

function errorOf(errorCode: string, message: string): ErrorResponse {
  return completeDto(
    ErrorResponse,
    {
      ResponseStatus: completeDto(
        ResponseStatus,
        { ErrorCode: errorCode, Message: message, StackTrace: null, Errors: [], Meta: null },
        fixedNow,
      ),
    },
    fixedNow,
  )
}

/** servicestack-wire.md 8.1: `new ArgumentException("Invalid Key.")`. */
export const invalidKeyError = errorOf('ArgumentException', 'Invalid Key.')
/** A message with `:` (servicestack-wire.md 8.4: it becomes `Message:""…""` in a CSV cell). */
export const notFoundError = errorOf('ItemNotFoundException', 'Comment not found: abc')
