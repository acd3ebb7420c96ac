-- Issue 23: the dictionaries' keys moved (generic words to record.* and workflow.*, an area's own
-- to areas.<name>.*); the admin's overrides are stored by key, so they move with them.
UPDATE "languages" SET "localizations" = (
  SELECT coalesce(jsonb_agg(jsonb_set(elem, '{key}', to_jsonb(CASE
      WHEN elem->>'key' = 'childShow.retry' THEN 'record.retry'
      WHEN elem->>'key' = 'childShow.historyFailed' THEN 'record.historyFailed'
      WHEN elem->>'key' = 'childShow.deletedUser' THEN 'record.deletedUser'
      WHEN elem->>'key' = 'childShow.edit' THEN 'record.edit'
      WHEN elem->>'key' = 'childShow.print' THEN 'record.print'
      WHEN elem->>'key' = 'parentShow.edit' THEN 'record.edit'
      WHEN elem->>'key' = 'parentShow.print' THEN 'record.print'
      WHEN elem->>'key' = 'timeline.title' THEN 'record.timeline.title'
      WHEN elem->>'key' = 'timeline.empty' THEN 'record.timeline.empty'
      WHEN elem->>'key' = 'timeline.someone' THEN 'record.timeline.someone'
      WHEN elem->>'key' = 'timeline.created' THEN 'record.timeline.created'
      WHEN elem->>'key' = 'timeline.updated' THEN 'record.timeline.updated'
      WHEN elem->>'key' = 'timeline.deleted' THEN 'record.timeline.deleted'
      WHEN elem->>'key' = 'timeline.action' THEN 'record.timeline.action'
      WHEN elem->>'key' = 'timeline.actionOn' THEN 'record.timeline.actionOn'
      WHEN elem->>'key' = 'timeline.opened' THEN 'record.timeline.opened'
      WHEN elem->>'key' = 'timeline.photoChanged' THEN 'record.timeline.photoChanged'
      WHEN elem->>'key' = 'timeline.photoRemoved' THEN 'record.timeline.photoRemoved'
      WHEN elem->>'key' = 'timeline.documentAdded' THEN 'record.timeline.documentAdded'
      WHEN elem->>'key' = 'timeline.documentReplaced' THEN 'record.timeline.documentReplaced'
      WHEN elem->>'key' = 'timeline.documentRemoved' THEN 'record.timeline.documentRemoved'
      WHEN elem->>'key' = 'timeline.familyRecorded' THEN 'record.timeline.familyRecorded'
      WHEN elem->>'key' = 'timeline.familyChanged' THEN 'record.timeline.familyChanged'
      WHEN elem->>'key' = 'timeline.familyRemoved' THEN 'record.timeline.familyRemoved'
      WHEN elem->>'key' = 'timeline.other' THEN 'record.timeline.other'
      WHEN elem->>'key' = 'timeline.change' THEN 'record.timeline.change'
      WHEN elem->>'key' = 'timeline.changeSpoken' THEN 'record.timeline.changeSpoken'
      WHEN elem->>'key' = 'timeline.emptyValue' THEN 'record.timeline.emptyValue'
      WHEN elem->>'key' = 'timeline.yes' THEN 'record.timeline.yes'
      WHEN elem->>'key' = 'timeline.no' THEN 'record.timeline.no'
      WHEN elem->>'key' = 'childShow.statusHistory' THEN 'workflow.statusHistory'
      WHEN elem->>'key' = 'childShow.noStatusHistory' THEN 'workflow.noStatusHistory'
      WHEN elem->>'key' = 'childShow.when' THEN 'workflow.when'
      WHEN elem->>'key' = 'childShow.who' THEN 'workflow.who'
      WHEN elem->>'key' = 'childShow.change' THEN 'workflow.change'
      WHEN elem->>'key' = 'childShow.dateAndReason' THEN 'workflow.dateAndReason'
      WHEN elem->>'key' = 'childShow.changeFromTo' THEN 'workflow.changeFromTo'
      WHEN elem->>'key' = 'childStatus.done' THEN 'workflow.done'
      WHEN elem->>'key' = 'childStatus.dateFuture' THEN 'workflow.dateFuture'
      WHEN elem->>'key' = 'childStatus.working' THEN 'workflow.working'
      WHEN elem->>'key' = 'childStatus.formHint' THEN 'workflow.formHint'
      WHEN elem->>'key' = 'childStatus.dateHint' THEN 'workflow.dateHint'
      WHEN elem->>'key' = 'childStatus.confirmHint' THEN 'workflow.confirmHint'
      WHEN elem->>'key' = 'matching.fourEyesRefused' THEN 'workflow.fourEyesRefused'
      WHEN elem->>'key' = 'server.childDateFuture' THEN 'server.workflow.dateFuture'
      WHEN elem->>'key' = 'server.childFilesTooMany' THEN 'server.filesTooMany'
      WHEN elem->>'key' = 'server.childDocumentType' THEN 'server.documentType'
      WHEN elem->>'key' = 'server.childDocumentSize' THEN 'server.documentSize'
      WHEN elem->>'key' = 'childHistory.registered' THEN 'areas.child.workflow.actions.register'
      WHEN starts_with(elem->>'key', 'childHistory.registered.') THEN 'areas.child.workflow.actions.register.' || substr(elem->>'key', 25)
      WHEN elem->>'key' = 'childShow.printCaseSummary' THEN 'areas.child.show.printRecord'
      WHEN starts_with(elem->>'key', 'childShow.printCaseSummary.') THEN 'areas.child.show.printRecord.' || substr(elem->>'key', 28)
      WHEN elem->>'key' = 'childShow.caseSummary' THEN 'areas.child.show.paperTitle'
      WHEN starts_with(elem->>'key', 'childShow.caseSummary.') THEN 'areas.child.show.paperTitle.' || substr(elem->>'key', 23)
      WHEN elem->>'key' = 'childStatus.confirmDate' THEN 'areas.child.workflow.fields.confirmDate'
      WHEN starts_with(elem->>'key', 'childStatus.confirmDate.') THEN 'areas.child.workflow.fields.confirmDate.' || substr(elem->>'key', 25)
      WHEN elem->>'key' = 'childStatus.effectiveDate' THEN 'areas.child.workflow.fields.effectiveDate'
      WHEN starts_with(elem->>'key', 'childStatus.effectiveDate.') THEN 'areas.child.workflow.fields.effectiveDate.' || substr(elem->>'key', 27)
      WHEN elem->>'key' = 'childStatus.reason' THEN 'areas.child.workflow.fields.reason'
      WHEN starts_with(elem->>'key', 'childStatus.reason.') THEN 'areas.child.workflow.fields.reason.' || substr(elem->>'key', 20)
      WHEN elem->>'key' = 'palette.findChild' THEN 'areas.child.commands.find'
      WHEN starts_with(elem->>'key', 'palette.findChild.') THEN 'areas.child.commands.find.' || substr(elem->>'key', 19)
      WHEN elem->>'key' = 'parentShow.newApplication' THEN 'areas.parent.commands.new'
      WHEN starts_with(elem->>'key', 'parentShow.newApplication.') THEN 'areas.parent.commands.new.' || substr(elem->>'key', 27)
      WHEN elem->>'key' = 'parentShow.findApplication' THEN 'areas.parent.commands.find'
      WHEN starts_with(elem->>'key', 'parentShow.findApplication.') THEN 'areas.parent.commands.find.' || substr(elem->>'key', 28)
      WHEN elem->>'key' = 'parentStatus.decisionDate' THEN 'areas.parent.workflow.fields.decisionDate'
      WHEN starts_with(elem->>'key', 'parentStatus.decisionDate.') THEN 'areas.parent.workflow.fields.decisionDate.' || substr(elem->>'key', 27)
      WHEN elem->>'key' = 'parentStatus.approvedUntil' THEN 'areas.parent.workflow.fields.approvedUntil'
      WHEN starts_with(elem->>'key', 'parentStatus.approvedUntil.') THEN 'areas.parent.workflow.fields.approvedUntil.' || substr(elem->>'key', 28)
      WHEN elem->>'key' = 'parentStatus.reason' THEN 'areas.parent.workflow.fields.reason'
      WHEN starts_with(elem->>'key', 'parentStatus.reason.') THEN 'areas.parent.workflow.fields.reason.' || substr(elem->>'key', 21)
      WHEN elem->>'key' = 'matching.loading' THEN 'areas.matching.show.loading'
      WHEN starts_with(elem->>'key', 'matching.loading.') THEN 'areas.matching.show.loading.' || substr(elem->>'key', 18)
      WHEN elem->>'key' = 'matching.edit' THEN 'record.edit'
      WHEN starts_with(elem->>'key', 'matching.edit.') THEN 'record.edit.' || substr(elem->>'key', 15)
      WHEN elem->>'key' = 'matching.editRecord' THEN 'areas.matching.show.editRecord'
      WHEN starts_with(elem->>'key', 'matching.editRecord.') THEN 'areas.matching.show.editRecord.' || substr(elem->>'key', 21)
      WHEN elem->>'key' = 'matching.print' THEN 'record.print'
      WHEN starts_with(elem->>'key', 'matching.print.') THEN 'record.print.' || substr(elem->>'key', 16)
      WHEN elem->>'key' = 'matching.printRecord' THEN 'areas.matching.show.printRecord'
      WHEN starts_with(elem->>'key', 'matching.printRecord.') THEN 'areas.matching.show.printRecord.' || substr(elem->>'key', 22)
      WHEN elem->>'key' = 'matching.paperTitle' THEN 'areas.matching.show.paperTitle'
      WHEN starts_with(elem->>'key', 'matching.paperTitle.') THEN 'areas.matching.show.paperTitle.' || substr(elem->>'key', 21)
      WHEN elem->>'key' = 'matching.printedOn' THEN 'areas.matching.show.printedOn'
      WHEN starts_with(elem->>'key', 'matching.printedOn.') THEN 'areas.matching.show.printedOn.' || substr(elem->>'key', 20)
      WHEN elem->>'key' = 'matching.recordActions' THEN 'areas.matching.show.recordActions'
      WHEN starts_with(elem->>'key', 'matching.recordActions.') THEN 'areas.matching.show.recordActions.' || substr(elem->>'key', 24)
      WHEN elem->>'key' = 'matching.keyboardHint' THEN 'areas.matching.show.keyboardHint'
      WHEN starts_with(elem->>'key', 'matching.keyboardHint.') THEN 'areas.matching.show.keyboardHint.' || substr(elem->>'key', 23)
      WHEN elem->>'key' = 'matching.printHint' THEN 'areas.matching.show.printHint'
      WHEN starts_with(elem->>'key', 'matching.printHint.') THEN 'areas.matching.show.printHint.' || substr(elem->>'key', 20)
      WHEN elem->>'key' = 'matching.newMatching' THEN 'areas.matching.commands.new'
      WHEN starts_with(elem->>'key', 'matching.newMatching.') THEN 'areas.matching.commands.new.' || substr(elem->>'key', 22)
      WHEN elem->>'key' = 'matching.findMatching' THEN 'areas.matching.commands.find'
      WHEN starts_with(elem->>'key', 'matching.findMatching.') THEN 'areas.matching.commands.find.' || substr(elem->>'key', 23)
      WHEN elem->>'key' = 'matching.actionIntro' THEN 'areas.matching.workflow.intro'
      WHEN starts_with(elem->>'key', 'matching.actionIntro.') THEN 'areas.matching.workflow.intro.' || substr(elem->>'key', 22)
      WHEN elem->>'key' = 'service.loading' THEN 'areas.service.show.loading'
      WHEN starts_with(elem->>'key', 'service.loading.') THEN 'areas.service.show.loading.' || substr(elem->>'key', 17)
      WHEN elem->>'key' = 'service.edit' THEN 'record.edit'
      WHEN starts_with(elem->>'key', 'service.edit.') THEN 'record.edit.' || substr(elem->>'key', 14)
      WHEN elem->>'key' = 'service.editRecord' THEN 'areas.service.show.editRecord'
      WHEN starts_with(elem->>'key', 'service.editRecord.') THEN 'areas.service.show.editRecord.' || substr(elem->>'key', 20)
      WHEN elem->>'key' = 'service.print' THEN 'record.print'
      WHEN starts_with(elem->>'key', 'service.print.') THEN 'record.print.' || substr(elem->>'key', 15)
      WHEN elem->>'key' = 'service.printRecord' THEN 'areas.service.show.printRecord'
      WHEN starts_with(elem->>'key', 'service.printRecord.') THEN 'areas.service.show.printRecord.' || substr(elem->>'key', 21)
      WHEN elem->>'key' = 'service.paperTitle' THEN 'areas.service.show.paperTitle'
      WHEN starts_with(elem->>'key', 'service.paperTitle.') THEN 'areas.service.show.paperTitle.' || substr(elem->>'key', 20)
      WHEN elem->>'key' = 'service.printedOn' THEN 'areas.service.show.printedOn'
      WHEN starts_with(elem->>'key', 'service.printedOn.') THEN 'areas.service.show.printedOn.' || substr(elem->>'key', 19)
      WHEN elem->>'key' = 'service.recordActions' THEN 'areas.service.show.recordActions'
      WHEN starts_with(elem->>'key', 'service.recordActions.') THEN 'areas.service.show.recordActions.' || substr(elem->>'key', 23)
      WHEN elem->>'key' = 'service.keyboardHint' THEN 'areas.service.show.keyboardHint'
      WHEN starts_with(elem->>'key', 'service.keyboardHint.') THEN 'areas.service.show.keyboardHint.' || substr(elem->>'key', 22)
      WHEN elem->>'key' = 'service.printHint' THEN 'areas.service.show.printHint'
      WHEN starts_with(elem->>'key', 'service.printHint.') THEN 'areas.service.show.printHint.' || substr(elem->>'key', 19)
      WHEN elem->>'key' = 'service.newFollowUp' THEN 'areas.service.commands.new'
      WHEN starts_with(elem->>'key', 'service.newFollowUp.') THEN 'areas.service.commands.new.' || substr(elem->>'key', 21)
      WHEN elem->>'key' = 'service.findFollowUp' THEN 'areas.service.commands.find'
      WHEN starts_with(elem->>'key', 'service.findFollowUp.') THEN 'areas.service.commands.find.' || substr(elem->>'key', 22)
      WHEN elem->>'key' = 'serviceStatus.reason' THEN 'areas.service.workflow.fields.reason'
      WHEN starts_with(elem->>'key', 'serviceStatus.reason.') THEN 'areas.service.workflow.fields.reason.' || substr(elem->>'key', 22)
      WHEN elem->>'key' = 'childShow' THEN 'areas.child.show'
      WHEN starts_with(elem->>'key', 'childShow.') THEN 'areas.child.show.' || substr(elem->>'key', 11)
      WHEN elem->>'key' = 'childStatus' THEN 'areas.child.workflow'
      WHEN starts_with(elem->>'key', 'childStatus.') THEN 'areas.child.workflow.' || substr(elem->>'key', 13)
      WHEN elem->>'key' = 'childHistory' THEN 'areas.child.workflow.actions'
      WHEN starts_with(elem->>'key', 'childHistory.') THEN 'areas.child.workflow.actions.' || substr(elem->>'key', 14)
      WHEN elem->>'key' = 'childPhoto' THEN 'areas.child.photo'
      WHEN starts_with(elem->>'key', 'childPhoto.') THEN 'areas.child.photo.' || substr(elem->>'key', 12)
      WHEN elem->>'key' = 'childFamily' THEN 'areas.child.family'
      WHEN starts_with(elem->>'key', 'childFamily.') THEN 'areas.child.family.' || substr(elem->>'key', 13)
      WHEN elem->>'key' = 'childDocuments' THEN 'areas.child.documents'
      WHEN starts_with(elem->>'key', 'childDocuments.') THEN 'areas.child.documents.' || substr(elem->>'key', 16)
      WHEN elem->>'key' = 'parentShow' THEN 'areas.parent.show'
      WHEN starts_with(elem->>'key', 'parentShow.') THEN 'areas.parent.show.' || substr(elem->>'key', 12)
      WHEN elem->>'key' = 'parentStatus' THEN 'areas.parent.workflow'
      WHEN starts_with(elem->>'key', 'parentStatus.') THEN 'areas.parent.workflow.' || substr(elem->>'key', 14)
      WHEN elem->>'key' = 'parentFamily' THEN 'areas.parent.family'
      WHEN starts_with(elem->>'key', 'parentFamily.') THEN 'areas.parent.family.' || substr(elem->>'key', 14)
      WHEN elem->>'key' = 'matching' THEN 'areas.matching'
      WHEN starts_with(elem->>'key', 'matching.') THEN 'areas.matching.' || substr(elem->>'key', 10)
      WHEN elem->>'key' = 'compatibility' THEN 'areas.matching.compatibilityChecks'
      WHEN starts_with(elem->>'key', 'compatibility.') THEN 'areas.matching.compatibilityChecks.' || substr(elem->>'key', 15)
      WHEN elem->>'key' = 'matchingStatus' THEN 'areas.matching.workflow'
      WHEN starts_with(elem->>'key', 'matchingStatus.') THEN 'areas.matching.workflow.' || substr(elem->>'key', 16)
      WHEN elem->>'key' = 'service' THEN 'areas.service'
      WHEN starts_with(elem->>'key', 'service.') THEN 'areas.service.' || substr(elem->>'key', 9)
      WHEN elem->>'key' = 'serviceStatus' THEN 'areas.service.workflow'
      WHEN starts_with(elem->>'key', 'serviceStatus.') THEN 'areas.service.workflow.' || substr(elem->>'key', 15)
      ELSE elem->>'key' END)) ORDER BY ord), '[]'::jsonb)
  FROM jsonb_array_elements("localizations") WITH ORDINALITY AS t(elem, ord)
)
WHERE jsonb_array_length("localizations") > 0;
