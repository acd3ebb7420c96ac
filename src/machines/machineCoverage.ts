import { getStateNodes } from '@xstate/graph';
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';

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
