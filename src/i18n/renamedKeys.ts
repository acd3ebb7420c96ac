/**
 * Dictionary keys that moved (issue 23), as `[oldKey, newKey]` pairs of dotted paths (the keys of
 * the admin's overrides, `/languages/localizations/{locale}`, src/platform/i18n/overrides.ts). The
 * new key holds the old one's words in both languages; a migration copies each stored override
 * from the old key to the new one. An old key an area still reads (`childShow.edit` on the child's
 * page) keeps its override until that area moves too.
 */

/**
 * Generic words the engines read from an area's section (or a section of their own): a record
 * page's and card's (`record.*`), every workflow's (`workflow.*`), the API's (`server.workflow.*`).
 */
export const renamedGenericKeys: readonly (readonly [string, string])[] = [
  ['form.loadingRecord', 'record.loading'],
  ['childShow.retry', 'record.retry'],
  ['childShow.historyFailed', 'record.historyFailed'],
  ['childShow.deletedUser', 'record.deletedUser'],
  ['childShow.notRecorded', 'record.notRecorded'],
  ['childShow.edit', 'record.edit'],
  ['childShow.print', 'record.print'],
  ['timeline.title', 'record.timeline.title'],
  ['timeline.empty', 'record.timeline.empty'],
  ['timeline.someone', 'record.timeline.someone'],
  ['timeline.created', 'record.timeline.created'],
  ['timeline.updated', 'record.timeline.updated'],
  ['timeline.deleted', 'record.timeline.deleted'],
  ['timeline.action', 'record.timeline.action'],
  ['timeline.actionOn', 'record.timeline.actionOn'],
  ['timeline.opened', 'record.timeline.opened'],
  ['timeline.photoChanged', 'record.timeline.photoChanged'],
  ['timeline.photoRemoved', 'record.timeline.photoRemoved'],
  ['timeline.documentAdded', 'record.timeline.documentAdded'],
  ['timeline.documentReplaced', 'record.timeline.documentReplaced'],
  ['timeline.documentRemoved', 'record.timeline.documentRemoved'],
  ['timeline.familyRecorded', 'record.timeline.familyRecorded'],
  ['timeline.familyChanged', 'record.timeline.familyChanged'],
  ['timeline.familyRemoved', 'record.timeline.familyRemoved'],
  ['timeline.other', 'record.timeline.other'],
  ['timeline.change', 'record.timeline.change'],
  ['timeline.changeSpoken', 'record.timeline.changeSpoken'],
  ['timeline.emptyValue', 'record.timeline.emptyValue'],
  ['timeline.yes', 'record.timeline.yes'],
  ['timeline.no', 'record.timeline.no'],
  ['childShow.statusHistory', 'workflow.statusHistory'],
  ['childShow.noStatusHistory', 'workflow.noStatusHistory'],
  ['childShow.when', 'workflow.when'],
  ['childShow.who', 'workflow.who'],
  ['childShow.action', 'workflow.action'],
  ['childShow.change', 'workflow.change'],
  ['childShow.dateAndReason', 'workflow.dateAndReason'],
  ['childShow.changeFromTo', 'workflow.changeFromTo'],
  ['childStatus.done', 'workflow.done'],
  ['childStatus.dateFuture', 'workflow.dateFuture'],
  ['childStatus.working', 'workflow.working'],
  ['childStatus.formHint', 'workflow.formHint'],
  ['childStatus.dateHint', 'workflow.dateHint'],
  ['childStatus.confirmHint', 'workflow.confirmHint'],
  ['matching.fourEyesRefused', 'workflow.fourEyesRefused'],
  ['server.childDateFuture', 'server.workflow.dateFuture'],
];
