import { getStateNodes } from '@xstate/graph';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type InspectionEvent,
} from 'xstate';

/**
 * Test kit for the model-based tests beside each machine: the full sets of states and transitions,
 * computed from the machine definition, so a state or transition nobody walks fails the test.
 */
const allStateNodes = (machine: AnyStateMachine) => [machine.root, ...getStateNodes(machine.root)];

export const transitionKey = (transition: AnyTransitionDefinition): string => {
  const { source, eventType } = transition;
  const siblings = eventType ? (source.transitions.get(eventType) ?? []) : (source.always ?? []);
  const targets = (transition.target ?? []).map((target) => target.id).join(',');
  return `${source.id} --${eventType || 'always'}#${siblings.indexOf(transition)}--> ${targets}`;
};

export const allTransitionKeys = (machine: AnyStateMachine): string[] =>
  allStateNodes(machine).flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionKey),
  );

export const allLeafStateIds = (machine: AnyStateMachine): string[] =>
  getStateNodes(machine.root).map((node) => node.id);

/**
 * What a model-based test walked of a machine, gathered by one harness for every machine test: the
 * transitions its actors took (`inspect`) and the states they were in, compared at the end with
 * `allTransitionKeys` and `allLeafStateIds`. With `statesOfTransitions`, a state counts as walked
 * when a transition leaves or enters it (machines whose actors are not followed snapshot by snapshot).
 */
export const machineCoverage = (options: { statesOfTransitions?: boolean } = {}) => {
  const visited = new Set<string>();
  const taken = new Set<string>();
  /** For `createActor(machine, { inspect })`. */
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.microstep') return;
    for (const transition of inspection._transitions) {
      taken.add(transitionKey(transition));
      if (!options.statesOfTransitions) continue;
      visited.add(transition.source.id);
      for (const target of transition.target ?? []) visited.add(target.id);
    }
  };
  /** The states a snapshot is in (every node but the root). */
  const noteSnapshot = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes) if (node !== snapshot.machine.root) visited.add(node.id);
  };
  /**
   * A live actor restored at `value` with `context` and sent one event (the workflow machines'
   * tests): its snapshot after, the transition and the state counted.
   */
  const sendFrom = (machine: AnyStateMachine, value: string, context: unknown, event: AnyEventObject) => {
    const actor = createActor(machine, { snapshot: machine.resolveState({ value, context }), inspect });
    actor.start();
    actor.send(event);
    const after = actor.getSnapshot();
    noteSnapshot(after);
    actor.stop();
    return after;
  };
  return {
    inspect,
    noteSnapshot,
    sendFrom,
    /** A state counted as walked (a status the test starts from). */
    noteState: (id: string) => visited.add(id),
    /** The states walked, sorted (to compare with `allLeafStateIds(machine).sort()`). */
    states: () => [...visited].sort(),
    /** The transitions taken, sorted (to compare with `allTransitionKeys(machine).sort()`). */
    transitions: () => [...taken].sort(),
  };
};
