import type { ApiError } from '../errors';

/**
 * Records refused by their rules in a write of many (`createMany`): the index of each body refused
 * and why. Nothing of the batch is to be kept (the caller's transaction is rolled back).
 */
export class RecordsRefused extends Error {
  constructor(readonly refusals: { index: number; error: ApiError }[]) {
    super('records refused');
  }
}
