import { z } from 'zod';
import { idParam } from '../../src/domain/rules';

/** An id as the path or query string sends it (a PostgreSQL `integer`). */
export const ZDatabaseInt = idParam();

/** A record as the resource routes answer it: its id and whatever its binding's selection reads. */
export const ZRow = z.looseObject({ id: z.number().int() });

/** `''` (a filter sent empty, spec section 7) counts as absent. */
export const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);
