/**
 * A notice framed so that it stands out of a start's output: the admin's one-time password would
 * otherwise scroll away under the client build's lines (issue 22). Printed last, after the line
 * that says where the server listens.
 */
export const framedNotice = (lines: readonly string[]): string => {
  const width = Math.max(0, ...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
};
