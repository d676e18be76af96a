import type { LifecycleStatusModel } from './container-info.ts'
import type { ItemType } from './item-types.ts'

// What `InlineEditingService.Post(ContainerInfoMessage)` computes for one container, strategy by
// strategy (SF `Services/InlineEditing/InlineEditingService.cs` l.230–267, the strategies in
// `InlineEditing/Strategies/`, the rules in `InlineEditing/InlineEditingHelper.cs`). What is the
// item's own (its workflow state, its lock, the caller's permission on it) comes in from the
// seeds; everything else is the host's rule, here, so a seed cannot give a state the host never
// answers (issue 39, B1).

/** Who asks: `ClaimsManager.GetCurrentIdentity().IsUnrestricted`, one value for the whole answer. */
export interface Caller {
  readonly isUnrestricted: boolean
}

/**
 * The caller where no login wall is up (decisions.md §24): the site's administrator, as a
 * developer logged in to a local CMS usually is, so every affordance the front end gates on
 * `IsAdmin` shows. Behind the wall (`--auth`) the login's role says (`Administrator`).
 */
export const defaultCaller: Caller = Object.freeze({ isUnrestricted: true })

/** The item's lifecycle as the CMS holds it: what no rule computes. */
export interface ItemLifecycle {
  /** The approval workflow state, which is also its `WorkflowStatus`: `Published`, `Draft`… */
  readonly workflowStatus: string
  readonly displayStatus: string
  readonly isLocked: boolean
  readonly isLockedByMe: boolean
  /** Who holds the lock; the host writes `""` for nobody (`CommonMethods.GetUserName`). */
  readonly lockedBy: string
  /** Whether a live version exists: dynamic content's `Lifecycle.IsPublished`. */
  readonly hasLive: boolean
  /** The caller's Manage/Modify permission on it (an unrestricted caller has every one). */
  readonly granted: boolean
  /** Whether the workflow offers the caller any decision (`GetCurrentDecisions` not null). */
  readonly hasDecisions: boolean
}

/** `Res.Get<Labels>().PromptMessageCannotEdit` (SF `Localization/Labels.cs` l.4788). */
export const cannotEditMessage = 'You are not allowed to edit this item'

/**
 * `InlineEditingHelper.ApplyWorkflowRestrictions` (l.215–223): the status can be changed unless
 * the item is unpublished and its approval state is neither `Draft` nor `Published`.
 */
export function applyWorkflowRestrictions(
  status: LifecycleStatusModel,
  approvalWorkflowState: string | null,
): LifecycleStatusModel {
  const locked =
    status.IsPublished !== true &&
    approvalWorkflowState !== 'Draft' &&
    approvalWorkflowState !== 'Published'
  return { ...status, IsStatusEditable: !locked }
}

/**
 * `PageControlStrategy.GetItemStatus` (SF `PageControlStrategy.cs` l.175–180) for a control that
 * finds no page: a fixed read-only, published status. Its `IsAdmin` is C#'s default `false`,
 * not the caller's: the host never sets it there.
 */
export const readOnlyControlStatus: LifecycleStatusModel = Object.freeze({
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

interface StatusInput {
  readonly type: ItemType
  readonly caller: Caller
  /** The item's own lifecycle; for a page control, its page's. */
  readonly lifecycle: ItemLifecycle
  /**
   * For a page control: whether it finds its page (a `PageDraftControl` always does; a
   * `TemplateControl` only through an editable template and a `Referer` naming a page).
   */
  readonly findsPage: boolean
}

/** The container's `ItemStatus`, as its strategy's `GetItemStatus` answers it. */
export function itemStatusOf(input: StatusInput): LifecycleStatusModel {
  const { type, caller, lifecycle } = input
  switch (type.strategy) {
    case 'page-control':
      return input.findsPage ? pageStatus(lifecycle, caller) : { ...readOnlyControlStatus }
    case 'dynamic':
      return withDecisions(dynamicStatus(lifecycle, caller), lifecycle, caller)
    case 'workflow':
      return withDecisions(contentStatus(lifecycle, caller), lifecycle, caller)
    case 'generic':
      // GenericItemStrategy.cs l.156–173: the lifecycle status (no approval workflow: the state
      // is the item's own status, l.162), then `IsPublished = true` whatever it was.
      return {
        ...applyWorkflowRestrictions(contentStatus(lifecycle, caller), lifecycle.workflowStatus),
        IsPublished: true,
      }
  }
}

/** `GetContentLifecycleStatus` (l.176–196) and the `Content` branch's permission (l.146–159). */
function contentStatus(lifecycle: ItemLifecycle, caller: Caller): LifecycleStatusModel {
  return {
    DisplayStatus: lifecycle.displayStatus,
    IsAdmin: caller.isUnrestricted,
    IsEditable: caller.isUnrestricted || lifecycle.granted,
    IsStatusEditable: false,
    IsLocked: lifecycle.isLocked,
    IsPublished: lifecycle.workflowStatus === 'Published',
    IsLockedByMe: lifecycle.isLockedByMe,
    // Never set for a content item: null, left out of the answer.
    LockedByUsername: null,
    WorkflowStatus: lifecycle.workflowStatus,
  }
}

/**
 * `GetDynamicContentLifecycleStatus` (l.198–213): the item's `Lifecycle`, whose `IsAdmin` is the
 * caller's too (SF `Lifecycle/DefaultLifecycleStatusResolver.cs` l.100), and whose `IsPublished`
 * says a live version exists, a draft over it or not.
 */
function dynamicStatus(lifecycle: ItemLifecycle, caller: Caller): LifecycleStatusModel {
  return {
    ...contentStatus(lifecycle, caller),
    IsPublished: lifecycle.hasLive,
  }
}

/** l.162–173: an approval-workflow item with no decision for the caller cannot be edited. */
function withDecisions(
  status: LifecycleStatusModel,
  lifecycle: ItemLifecycle,
  caller: Caller,
): LifecycleStatusModel {
  const decided =
    caller.isUnrestricted || lifecycle.hasDecisions
      ? status
      : { ...status, IsEditable: false, DisplayStatus: cannotEditMessage }
  return applyWorkflowRestrictions(decided, lifecycle.workflowStatus)
}

/** `GetPageControlLifecycleStatus` (l.225–253) for a standard page. */
function pageStatus(lifecycle: ItemLifecycle, caller: Caller): LifecycleStatusModel {
  // The content item's status, but for the lock's owner, which a page names (the spread keeps
  // the field order of the answer).
  const status: LifecycleStatusModel = {
    ...contentStatus(lifecycle, caller),
    LockedByUsername: lifecycle.isLocked ? lifecycle.lockedBy : '',
  }
  return withDecisions(status, lifecycle, caller)
}
