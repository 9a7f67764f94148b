/**
 * GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`). Values are escaped
 * as the runner expects (%, CR, LF everywhere; also `:` and `,` in properties), else a message with
 * a newline or a comma in a path would be cut short.
 */
import type { CheckupResult } from './types.js';

const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * GitHub shows a limited number of annotations per step and drops the rest silently, so at most
 * `limit` are written (the problems come sorted, errors first) and a notice counts the others.
 */
export function githubReport(result: CheckupResult, limit = 50): string {
  const shown = result.problems.slice(0, limit);
  const rest = result.problems.slice(limit);
  const errors = rest.filter((p) => p.kind === 'error').length;
  const summary =
    rest.length > 0
      ? `::notice title=${property('proofmap check')}::${rest.length} more problem${rest.length === 1 ? '' : 's'} not annotated (${errors} error${errors === 1 ? '' : 's'}, ${rest.length - errors} warning${rest.length - errors === 1 ? '' : 's'}); run proofmap check for the full list\n`
      : '';
  return (
    shown
      .map((p) => {
        const e = p.evidence[0];
        const props = [
          ...(e
            ? [
                `file=${property(e.path)}`,
                ...(e.line ? [`line=${e.line}`] : []),
                ...(e.column ? [`col=${e.column}`] : []),
              ]
            : []),
          `title=${property(`proofmap ${p.code}`)}`,
        ];
        return `::${p.kind} ${props.join(',')}::${data(p.message)}\n`;
      })
      .join('') + summary
  );
}
