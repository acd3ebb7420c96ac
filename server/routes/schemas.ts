/**
 * Moved to server/http/schemas.ts (issue 23). Kept only for the child's file and family routes and
 * the attachments engine, which another change rewrites; delete with the last of them.
 */
export * from '../http/schemas';
