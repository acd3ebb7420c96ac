/**
 * Dictionary keys that moved (issue 23), as `[oldKey, newKey]` pairs of dotted paths (the keys of
 * the admin's overrides, `/languages/localizations/{locale}`, src/platform/i18n/overrides.ts). The
 * new key holds the old one's words in both languages; migration 0020 (generated from these lists)
 * moves each stored override from the old key to the new one, the generic pairs first, and
 * `tests/api/overrideKeysMigration.test.ts` checks every new key exists. A word copied to a generic
 * key while its area still reads its own (`childShow.notRecorded`, `childShow.action`) is not
 * listed: its override stays with the area's word. Nor is a key removed, or replaced by one whose
 * words take other values (issue 38: `backups.downloadNamed` {name} by `backups.downloadOf` {when};
 * `generalInformation.download` gone): an override of it is kept and ignored (`applyOverrides`
 * replaces only keys the dictionary has), since moving 'Download {name}' would break the new words.
 */

/**
 * Generic words the engines read from an area's section (or a section of their own): a record
 * page's and card's (`record.*`), every workflow's (`workflow.*`), the API's (`server.workflow.*`).
 */
export const renamedGenericKeys: readonly (readonly [string, string])[] = [
  ['childShow.retry', 'record.retry'],
  ['childShow.historyFailed', 'record.historyFailed'],
  ['childShow.deletedUser', 'record.deletedUser'],
  ['childShow.edit', 'record.edit'],
  ['childShow.print', 'record.print'],
  ['parentShow.edit', 'record.edit'],
  ['parentShow.print', 'record.print'],
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
  // the upload engine's refusals (any record's files, not only a child's)
  ['server.childFilesTooMany', 'server.filesTooMany'],
  ['server.childDocumentType', 'server.documentType'],
  ['server.childDocumentSize', 'server.documentSize'],
];

/**
 * Dictionary keys that moved, as [old, new] dotted prefixes, so the admin's translation overrides
 * (stored by dotted key, `languages.localizations`) can be renamed with them. The more specific
 * pairs come first: apply the first pair whose old prefix is the key or begins it (`old.`).
 * Issue 23 moved each record area's words under `areas.<name>` (commands, show, workflow, then its own).
 */
export const renamedKeyPrefixes: readonly (readonly [string, string])[] = [
  ['childHistory.registered', 'areas.child.workflow.actions.register'],
  ['childShow.printCaseSummary', 'areas.child.show.printRecord'],
  ['childShow.caseSummary', 'areas.child.show.paperTitle'],
  ['childStatus.confirmDate', 'areas.child.workflow.fields.confirmDate'],
  ['childStatus.effectiveDate', 'areas.child.workflow.fields.effectiveDate'],
  ['childStatus.reason', 'areas.child.workflow.fields.reason'],
  ['palette.findChild', 'areas.child.commands.find'],
  ['parentShow.newApplication', 'areas.parent.commands.new'],
  ['parentShow.findApplication', 'areas.parent.commands.find'],
  ['parentStatus.decisionDate', 'areas.parent.workflow.fields.decisionDate'],
  ['parentStatus.approvedUntil', 'areas.parent.workflow.fields.approvedUntil'],
  ['parentStatus.reason', 'areas.parent.workflow.fields.reason'],
  ['matching.loading', 'areas.matching.show.loading'],
  ['matching.edit', 'record.edit'],
  ['matching.editRecord', 'areas.matching.show.editRecord'],
  ['matching.print', 'record.print'],
  ['matching.printRecord', 'areas.matching.show.printRecord'],
  ['matching.paperTitle', 'areas.matching.show.paperTitle'],
  ['matching.printedOn', 'areas.matching.show.printedOn'],
  ['matching.recordActions', 'areas.matching.show.recordActions'],
  ['matching.keyboardHint', 'areas.matching.show.keyboardHint'],
  ['matching.printHint', 'areas.matching.show.printHint'],
  ['matching.newMatching', 'areas.matching.commands.new'],
  ['matching.findMatching', 'areas.matching.commands.find'],
  ['matching.actionIntro', 'areas.matching.workflow.intro'],
  ['service.loading', 'areas.service.show.loading'],
  ['service.edit', 'record.edit'],
  ['service.editRecord', 'areas.service.show.editRecord'],
  ['service.print', 'record.print'],
  ['service.printRecord', 'areas.service.show.printRecord'],
  ['service.paperTitle', 'areas.service.show.paperTitle'],
  ['service.printedOn', 'areas.service.show.printedOn'],
  ['service.recordActions', 'areas.service.show.recordActions'],
  ['service.keyboardHint', 'areas.service.show.keyboardHint'],
  ['service.printHint', 'areas.service.show.printHint'],
  ['service.newFollowUp', 'areas.service.commands.new'],
  ['service.findFollowUp', 'areas.service.commands.find'],
  ['serviceStatus.reason', 'areas.service.workflow.fields.reason'],
  ['childShow', 'areas.child.show'],
  ['childStatus', 'areas.child.workflow'],
  ['childHistory', 'areas.child.workflow.actions'],
  ['childPhoto', 'areas.child.photo'],
  ['childFamily', 'areas.child.family'],
  ['childDocuments', 'areas.child.documents'],
  ['parentShow', 'areas.parent.show'],
  ['parentStatus', 'areas.parent.workflow'],
  ['parentFamily', 'areas.parent.family'],
  ['matching', 'areas.matching'],
  ['compatibility', 'areas.matching.compatibilityChecks'],
  ['matchingStatus', 'areas.matching.workflow'],
  ['service', 'areas.service'],
  ['serviceStatus', 'areas.service.workflow'],
];
