/**
 * GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`). Values are escaped
 * as the runner expects (%, CR, LF everywhere; also `:` and `,` in properties), else a message with
 * a newline or a comma in a path would be cut short.
 */
import type { CheckupResult } from './types.js';

const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function githubReport(result: CheckupResult): string {
  return result.problems
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
    .join('');
}
