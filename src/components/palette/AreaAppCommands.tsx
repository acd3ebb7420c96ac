import { useMemo } from 'react';
import type { TAreaDefinition } from '@/domain/areas/area';
import { useRegisterCommands } from './commandRegistry';
import { recordAreaCommandsOf, useRecordAreaCommands } from './useRecordAreaCommands';

/**
 * A record area's commands from any screen ('New child', 'Find child by name or code', its pages
 * the sidebar does not list): registering a record and finding one are what a caseworker does most.
 * Finding reopens the palette narrowed to the area's records.
 */
export const AreaAppCommands = ({ area }: { area: TAreaDefinition }) => {
  const commands = useMemo(() => recordAreaCommandsOf(area), [area]);
  useRegisterCommands(useRecordAreaCommands(commands), { appWide: true });
  return null;
};
