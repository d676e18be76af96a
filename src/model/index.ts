export {
  defineDto,
  describeType,
  findField,
  type Decimal,
  type DtoDef,
  type DtoValue,
  type FieldEntry,
  type FieldSpec,
  type FieldType,
} from './field.ts'
export { completeDto, defaultValue, emptyGuid } from './defaults.ts'
export {
  ABTestViewModel,
  GoalViewModel,
  VariationViewModel,
  abTestStatuses,
  goalTypes,
  type ABTestStatus,
  type GoalType,
} from './ab-test.ts'
export { ContentsProxy, CreateService, PropertiesProxy, ServiceBaseRequest } from './service.ts'
export {
  ContainerInfoMessage,
  ContainerInfoModel,
  FieldModel,
  LifecycleStatusModel,
} from './container-info.ts'
export {
  controlDataTypes,
  displayNameOf,
  resolveItemType,
  type DisplayNameRule,
  type InlineStrategy,
  type ItemType,
} from './item-types.ts'
export {
  applyWorkflowRestrictions,
  cannotEditMessage,
  defaultCaller,
  itemStatusOf,
  readOnlyControlStatus,
  type Caller,
  type ItemLifecycle,
} from './container-status.ts'
export { detailsViewUrlOf } from './details-view-url.ts'
export { PageNode } from './page.ts'
export {
  CommentResponse,
  CommentUpdateRequest,
  commentStatuses,
  commentStatusOf,
  type CommentStatus,
} from './comment.ts'
export { ErrorResponse, ResponseError, ResponseStatus } from './response-status.ts'
export { defaultProfilePicture, profilePictureUrls, type Avatar } from './profile-picture-urls.ts'
