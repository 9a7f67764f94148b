/** The two-file repository the rescan tests scan again and again, and the discover stage's messages. */
import { tmpRepo } from './tmp-repo.js';

export function importPairRepo(): string {
  return tmpRepo({
    'src/a.ts': "import { b } from './b';\nexport const a = b;\n",
    'src/b.ts': 'export const b = 1;\n',
  });
}

/** Collects each discover stage's detail line (what the scan says it did with the tree). */
export function discoverDetails(): {
  details: string[];
  onProgress: (stage: string, detail?: string) => void;
} {
  const details: string[] = [];
  return {
    details,
    onProgress: (stage, detail) => {
      if (stage === 'discover') details.push(detail ?? '');
    },
  };
}
