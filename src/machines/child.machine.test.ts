import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import {
  allowedChildActions,
  applyChildEvent,
  childActionBodies,
  childActionEvent,
  childActionNames,
  childActions,
  childStatuses,
  childSystemEventTypes,
  isoDateIn,
  type TChildActionName,
  type TChildStatus,
  ZChildReasonBody,
  ZConfirmAdoptionBody,
} from '@/domain/childStatus';
import { permissionCatalogue } from '@/domain/permissionCatalogue';
import { ruleMessage, type TRuleMessages } from '@/domain/rules';
import { childEventTypes, childMachine, type TChildEvent, type TChildEventType } from './child.machine';
import { allLeafStateIds, allTransitionKeys, machineCoverage } from './machineCoverage';

type TSnapshot = SnapshotFrom<typeof childMachine>;
type TPath = StatePath<TSnapshot, TChildEvent>;

/** DESIGN.md section 4, written out by hand: the machine must agree with it, not with itself. */
const expectedTransitions: Record<TChildStatus, Partial<Record<TChildEventType, TChildStatus>>> = {
  registered: { CONFIRM_ADOPTION: 'adoptable', LONG_TERM: 'longTerm', INTERNATIONAL: 'international' },
  adoptable: {
    UNCONFIRM_ADOPTION: 'registered',
    LONG_TERM: 'longTerm',
    INTERNATIONAL: 'international',
    MATCHED: 'matched',
  },
  matched: { MATCHING_COMPLETED: 'adopted', MATCHING_REJECTED: 'adoptable' },
  adopted: { RE_ADOPTION: 'registered' },
  longTerm: { RE_ADOPTION: 'registered' },
  international: { RE_ADOPTION: 'registered' },
};

const today = '2026-03-15';
/** A payload every guard accepts: a past day, today, and a reason a caseworker wrote. */
const validEvent = (type: TChildEventType): TChildEvent => {
  switch (type) {
    case 'CONFIRM_ADOPTION':
      // The boundary: a change dated today is not in the future.
      return { type, date: today, today };
    case 'LONG_TERM':
    case 'INTERNATIONAL':
    case 'RE_ADOPTION':
      return { type, date: '2026-03-01', today, reason: 'ផ្ទេរទៅមណ្ឌល / moved to a care centre' };
    case 'UNCONFIRM_ADOPTION':
      return { type, reason: 'សំបុត្រកំណើតត្រូវពិនិត្យម្ដងទៀត / the birth record must be checked again' };
    default:
      return { type };
  }
};

// --- the model: every event type with a valid payload, where the machine takes it ---
const eventsFor = (snapshot: TSnapshot) =>
  childEventTypes.map(validEvent).filter((event) => snapshot.can(event));

/** Every reachable status, then every transition out of it: the shortest path there plus one event. */
const transitionPaths = (): TPath[] => {
  const options = { events: eventsFor };
  const adjacency = getAdjacencyMap(childMachine, options);
  const shortest = new Map(
    getShortestPaths(childMachine, options).map((path) => [JSON.stringify(path.state.value), path]),
  );
  return adjacencyMapToArray(adjacency).map(({ state, event, nextState }) => {
    const head = shortest.get(JSON.stringify(state.value));
    if (!head) throw new Error(`no path to ${JSON.stringify(state.value)}`);
    return { state: nextState, weight: head.weight + 1, steps: [...head.steps, { event, state: nextState }] };
  });
};
const describePath = (path: TPath) =>
  path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');

const coverage = machineCoverage();

/** The system under test: a real actor, plus the server's entry point asked at every step. */
const runPath = (path: TPath) => {
  const actor = createActor(childMachine, {
    inspect: coverage.inspect,
  });
  actor.subscribe(coverage.noteSnapshot);
  let before: TChildStatus | null = null;
  for (const step of path.steps) {
    // @xstate/graph starts every path with the init event.
    if ((step.event as EventObject).type === 'xstate.init') actor.start();
    else actor.send(step.event);
    const status = actor.getSnapshot().value as TChildStatus;
    expect(status).toEqual(step.state.value);
    if (before === null) expect(status).toBe('registered');
    else {
      // The live actor, the design's list and the server's pure entry point agree on every step.
      expect(status).toBe(expectedTransitions[before][step.event.type as TChildEventType]);
      expect(applyChildEvent(before, step.event)).toEqual({ ok: true, status });
    }
    // And on what is refused from here: every event type the design does not list.
    for (const type of childEventTypes) {
      expect(actor.getSnapshot().can(validEvent(type)), `${status} --${type}`).toBe(
        type in expectedTransitions[status],
      );
    }
    before = status;
  }
  actor.stop();
};

describe('childMachine, model-based', () => {
  const paths = transitionPaths();
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
    runPath(path);
  });

  it('walked every status and every transition of the machine', () => {
    expect(coverage.states()).toEqual(allLeafStateIds(childMachine).sort());
    expect(coverage.transitions()).toEqual(allTransitionKeys(childMachine).sort());
    // Every transition of the design is one of the machine's, and the other way round.
    const designed = childStatuses.flatMap((from) =>
      Object.entries(expectedTransitions[from]).map(([event, to]) => `${from} --${event}--> ${to}`),
    );
    const walked = coverage.transitions().map((key) => key.replace(/child\./g, '').replace(/#\d+/, ''));
    expect(walked.sort()).toEqual(designed.sort());
  });
});

describe('childMachine, definition', () => {
  it('has exactly the statuses stored on the child record, starting at registered', () => {
    expect(Object.keys(childMachine.root.states).sort()).toEqual([...childStatuses].sort());
    expect(createActor(childMachine).start().getSnapshot().value).toBe('registered');
  });

  it('knows exactly the listed event types', () => {
    const used = new Set(
      Object.values(childMachine.root.states).flatMap((node) => [...node.transitions.keys()]),
    );
    expect([...used].sort()).toEqual([...childEventTypes].sort());
  });
});

describe('applyChildEvent', () => {
  const cases = childStatuses.flatMap((status) => childEventTypes.map((type) => [status, type] as const));

  it.each(cases)('%s + %s agrees with the design', (status, type) => {
    const next = expectedTransitions[status][type];
    expect(applyChildEvent(status, validEvent(type))).toEqual(
      next ? { ok: true, status: next } : { ok: false, reason: 'notAllowed' },
    );
  });

  it('refuses a status the machine does not know, and an unknown event', () => {
    for (const status of ['', 'deleted', 'Registered', 'long_term']) {
      expect(applyChildEvent(status, validEvent('CONFIRM_ADOPTION'))).toEqual({
        ok: false,
        reason: 'notAllowed',
      });
    }
    expect(applyChildEvent('registered', { type: 'ADOPT' } as unknown as TChildEvent)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  const datedCases = childStatuses.flatMap((status) =>
    (['CONFIRM_ADOPTION', 'LONG_TERM', 'INTERNATIONAL', 'RE_ADOPTION'] as const)
      .filter((type) => type in expectedTransitions[status])
      .map((type) => [status, type] as const),
  );

  it.each(datedCases)('%s + %s: refuses a date in the future or not a real day', (status, type) => {
    const base = validEvent(type);
    const badDates = [
      '2026-03-16', // tomorrow
      '2099-01-01',
      '2026-02-30',
      '2026-13-01',
      '2026-3-1',
      '15-03-2026', // the display format, not the API's
      '2026-03-01T00:00:00Z',
      '',
      ' ',
      undefined,
      null,
      20260301,
    ];
    for (const date of badDates) {
      expect(applyChildEvent(status, { ...base, date } as TChildEvent), String(date)).toEqual({
        ok: false,
        reason: 'invalidPayload',
      });
    }
    // Without a usable `today` no date can be judged: refused, never guessed from a clock.
    for (const badToday of ['', '2026-02-30', undefined]) {
      expect(applyChildEvent(status, { ...base, today: badToday } as TChildEvent)).toEqual({
        ok: false,
        reason: 'invalidPayload',
      });
    }
    // Today and any past day are fine, including a leap day.
    for (const date of [today, '2026-03-14', '2024-02-29', '2001-01-01']) {
      expect(applyChildEvent(status, { ...base, date } as TChildEvent).ok, date).toBe(true);
    }
  });

  const reasonCases: (readonly [(typeof childStatuses)[number], TChildEventType])[] = [
    ...datedCases.filter(([, type]) => type !== 'CONFIRM_ADOPTION'),
    // Un-confirming carries a reason too (DESIGN.md section 4), without a date.
    ['adoptable', 'UNCONFIRM_ADOPTION'],
  ];

  it.each(reasonCases)('%s + %s: refuses a missing or blank reason', (status, type) => {
    const base = validEvent(type);
    for (const reason of ['', ' ', '\n\t ', undefined, null, 42]) {
      expect(applyChildEvent(status, { ...base, reason } as TChildEvent), JSON.stringify(reason)).toEqual({
        ok: false,
        reason: 'invalidPayload',
      });
    }
    expect(applyChildEvent(status, { ...base, reason: ' x ' } as TChildEvent).ok).toBe(true);
  });

  it('confirming adoption needs no reason', () => {
    expect(applyChildEvent('registered', { type: 'CONFIRM_ADOPTION', date: '2026-01-02', today })).toEqual({
      ok: true,
      status: 'adoptable',
    });
  });

  it('an event not allowed from the status is notAllowed even with a bad payload', () => {
    expect(applyChildEvent('matched', { type: 'CONFIRM_ADOPTION', date: '2099-01-01', today })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    expect(applyChildEvent('adopted', { type: 'LONG_TERM', date: today, today, reason: '' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  it('does not read the clock: the answer depends on the event’s today only', () => {
    vi.useFakeTimers();
    try {
      for (const now of ['1999-12-31T00:00:00Z', '2100-01-01T00:00:00Z']) {
        vi.setSystemTime(new Date(now));
        expect(applyChildEvent('registered', { type: 'CONFIRM_ADOPTION', date: today, today })).toEqual({
          ok: true,
          status: 'adoptable',
        });
        expect(
          applyChildEvent('registered', { type: 'CONFIRM_ADOPTION', date: '2026-03-16', today }),
        ).toEqual({
          ok: false,
          reason: 'invalidPayload',
        });
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('allowedChildActions', () => {
  const expectedActions: Record<TChildStatus, TChildActionName[]> = {
    registered: ['confirm-adoption', 'long-term', 'international'],
    adoptable: ['unconfirmed-adoption', 'long-term', 'international'],
    // While matched, only the matching workflow moves the child.
    matched: [],
    adopted: ['re-adoption'],
    longTerm: ['re-adoption'],
    international: ['re-adoption'],
  };

  it.each(childStatuses)('from %s', (status) => {
    expect(allowedChildActions(status)).toEqual(expectedActions[status]);
  });

  it('offers nothing from a status it does not know', () => {
    expect(allowedChildActions('deleted')).toEqual([]);
    expect(allowedChildActions('')).toEqual([]);
  });

  it('every offered action, sent with a valid body, is accepted', () => {
    for (const status of childStatuses) {
      for (const action of allowedChildActions(status)) {
        const event = validEvent(childActions[action].event);
        expect(applyChildEvent(status, event).ok, `${status} ${action}`).toBe(true);
      }
    }
  });
});

describe('child actions', () => {
  it('are the spec’s PATCH paths, each mapped to a user event of the machine', () => {
    expect([...childActionNames].sort()).toEqual(
      ['confirm-adoption', 'unconfirmed-adoption', 're-adoption', 'long-term', 'international'].sort(),
    );
    expect(Object.keys(childActions).sort()).toEqual([...childActionNames].sort());
    const userEvents = childActionNames.map((action) => childActions[action].event);
    expect(new Set(userEvents).size).toBe(userEvents.length);
    // The user events and the matching workflow's events are together all the machine's events.
    expect([...userEvents, ...childSystemEventTypes].sort()).toEqual([...childEventTypes].sort());
  });

  it('each needs adoptive_children:update, a permission the catalogue holds', () => {
    const catalogue = new Set(permissionCatalogue.map((entry) => entry.name));
    for (const action of childActionNames) {
      expect(childActions[action].permission).toBe('adoptive_children:update');
      expect(catalogue.has(childActions[action].permission)).toBe(true);
    }
  });

  it('childActionEvent turns a validated body into the event the machine judges', () => {
    expect(childActionEvent('confirm-adoption', { id: 7, date: '2026-03-01' }, today)).toEqual({
      type: 'CONFIRM_ADOPTION',
      date: '2026-03-01',
      today,
    });
    expect(childActionEvent('unconfirmed-adoption', { reason: 'why' }, today)).toEqual({
      type: 'UNCONFIRM_ADOPTION',
      reason: 'why',
    });
    for (const [action, type] of [
      ['long-term', 'LONG_TERM'],
      ['international', 'INTERNATIONAL'],
      ['re-adoption', 'RE_ADOPTION'],
    ] as const) {
      expect(childActionEvent(action, { date: '2026-03-01', reason: 'why' }, today)).toEqual({
        type,
        date: '2026-03-01',
        reason: 'why',
        today,
      });
    }
    // A body missing its date still becomes an event, which the machine refuses.
    expect(applyChildEvent('registered', childActionEvent('confirm-adoption', {}, today))).toEqual({
      ok: false,
      reason: 'invalidPayload',
    });
  });
});

describe('action bodies', () => {
  /** Stand-in messages that name the rule, so a test reads which rule a field failed. */
  const messages: TRuleMessages = {
    required: ({ label }) => `${label}:required`,
    minLength: ({ label }) => `${label}:minLength`,
    maxLength: ({ label }) => `${label}:maxLength`,
    numberRange: () => 'range',
    notBlank: ({ label }) => `${label}:notBlank`,
    invalid: ({ label }) => `${label}:invalid`,
    usernameChars: ({ label }) => `${label}:usernameChars`,
    routePath: ({ label }) => `${label}:routePath`,
    permissionName: ({ label }) => `${label}:permissionName`,
    storableText: ({ label }) => `${label}:storableText`,
  };
  const problems = (schema: (typeof childActionBodies)[TChildActionName], body: Record<string, unknown>) => {
    const result = schema.safeParse(body);
    if (result.success) return [];
    return result.error.issues.map((issue) => {
      const field = issue.path.join('.');
      const value = body[field];
      return ruleMessage(issue as never, field, messages, value === undefined || value === null);
    });
  };

  it('confirm-adoption takes id and date', () => {
    expect(childActionBodies['confirm-adoption']).toBe(ZConfirmAdoptionBody);
    expect(ZConfirmAdoptionBody.parse({ id: 12, date: '2026-03-01' })).toEqual({
      id: 12,
      date: '2026-03-01',
    });
    expect(problems(ZConfirmAdoptionBody, {})).toEqual(['id:required', 'date:required']);
    expect(problems(ZConfirmAdoptionBody, { id: 12, date: '' })).toEqual(['date:required']);
    expect(problems(ZConfirmAdoptionBody, { id: 12, date: '2026-02-30' })).toEqual(['date:invalid']);
    expect(problems(ZConfirmAdoptionBody, { id: 12, date: '01-03-2026' })).toEqual(['date:invalid']);
    expect(problems(ZConfirmAdoptionBody, { id: 0, date: '2026-03-01' })).toEqual(['id:invalid']);
    expect(problems(ZConfirmAdoptionBody, { id: '12', date: '2026-03-01' })).toEqual(['id:invalid']);
  });

  it('long-term, international and re-adoption take a date and a reason', () => {
    for (const action of ['long-term', 'international', 're-adoption'] as const) {
      expect(childActionBodies[action]).toBe(ZChildReasonBody);
    }
    expect(ZChildReasonBody.parse({ date: '2026-03-01', reason: 'ទៅក្រៅប្រទេស' })).toEqual({
      date: '2026-03-01',
      reason: 'ទៅក្រៅប្រទេស',
    });
    expect(problems(ZChildReasonBody, {})).toEqual(['date:required', 'reason:required']);
    expect(problems(ZChildReasonBody, { date: '2026-03-01', reason: '' })).toEqual(['reason:required']);
    expect(problems(ZChildReasonBody, { date: '2026-03-01', reason: '   ' })).toEqual(['reason:notBlank']);
    expect(problems(ZChildReasonBody, { date: '2026-03-01', reason: 'x'.repeat(1001) })).toEqual([
      'reason:maxLength',
    ]);
    expect(problems(ZChildReasonBody, { date: '2026-03-01', reason: 'x'.repeat(1000) })).toEqual([]);
    expect(problems(ZChildReasonBody, { date: '2026-03-01', reason: 'a\u0000b' })).toEqual([
      'reason:storableText',
    ]);
  });

  it('unconfirmed-adoption takes a reason that says something (DESIGN.md section 4)', () => {
    expect(childActionBodies['unconfirmed-adoption'].parse({ reason: 'why' })).toEqual({ reason: 'why' });
    expect(childActionBodies['unconfirmed-adoption'].safeParse({}).success).toBe(false);
    expect(childActionBodies['unconfirmed-adoption'].safeParse({ reason: '  ' }).success).toBe(false);
  });
});

describe('isoDateIn', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts today in Phnom Penh (UTC+7), where the programme works', () => {
    expect(isoDateIn(new Date('2026-03-01T16:59:59Z'))).toBe('2026-03-01');
    expect(isoDateIn(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
    expect(isoDateIn(new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
    expect(isoDateIn(new Date('2026-03-01T17:00:00Z'), 'UTC')).toBe('2026-03-01');
  });
});
