import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoutes } from './listRoutes';
import { lookupRoutes } from './lookupRoutes';
import { recordReadRoutes } from './recordReadRoutes';
import { recordWriteRoutes } from './recordWriteRoutes';
import { recordWrites } from './recordWrites';
import type { TResourceBinding } from './resourceBinding';

/**
 * Every route of one resource: paged list, lookups, timeline, get, and unless it is read-only
 * create, patch (versioned) and delete. Each seam is its own file (docs/decisions.md, issue 38 h22):
 * the binding's types (resourceBinding.ts, writeContext.ts), the list's query (listQueryParts.ts)
 * and its counts and kept statements (listPageReader.ts), the record writes (recordWrites.ts).
 */
export const resourceRoutes =
  (binding: TResourceBinding): FastifyPluginAsyncZod =>
  async (app) => {
    const writes = recordWrites(binding);
    listRoutes(app, binding, writes);
    lookupRoutes(app, binding);
    recordReadRoutes(app, binding, writes);
    // A read-only resource (the audit log) has no writes at all: they answer 404.
    if (!binding.definition.readOnly) recordWriteRoutes(app, binding, writes);
  };

// The names this file exported when it held every seam, for code written against it meanwhile;
// new code imports the seam's own file.
export { joinedTo } from './bindingColumns';
export { filterCondition, filterSchema, listQueryParts } from './listQueryParts';
export { RecordsRefused } from './recordsRefused';
export { recordWrites } from './recordWrites';
export type { TAnswerContext, TLookupBinding, TResourceBinding } from './resourceBinding';
export type { TBulkChanges, TCreateExtras, TCreateExtrasContext, TWriteContext } from './writeContext';
