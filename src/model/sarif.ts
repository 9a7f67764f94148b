/**
 * SARIF 2.1.0, the one shape checkup and claims both emit for code-scanning UIs: a log with one
 * run of proofmap, its rules and results. Locations are built here so every report encodes paths
 * and regions the same way.
 */
export interface SarifRule {
  id: string;
  name?: string;
  shortDescription?: { text: string };
  fullDescription?: { text: string };
  help?: { text: string; markdown?: string };
  helpUri?: string;
}

/**
 * Where a reader of a code-scanning alert learns what proofmap is: package.json's `homepage`,
 * else its `repository` URL; a test keeps the two equal. proofmap has no published home yet, so
 * both are absent, and the log then leaves out `informationUri` and every `helpUri` (SARIF makes
 * them optional): a made-up address would send the reader of an alert nowhere.
 */
export const INFORMATION_URI: string | undefined = undefined;

export type SarifLevel = 'none' | 'note' | 'warning' | 'error';

/** A file region; SARIF lines and columns are 1-based and a missing line means the file. */
export function sarifLocation(path: string, line?: number, column?: number) {
  return {
    physicalLocation: {
      artifactLocation: { uri: encodeURI(path) },
      ...(line ? { region: { startLine: line, ...(column ? { startColumn: column } : {}) } } : {}),
    },
  };
}

export function sarifLog(version: string, rules: SarifRule[], results: object[], failure?: string): object {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'proofmap',
            version,
            ...(INFORMATION_URI ? { informationUri: INFORMATION_URI } : {}),
            rules,
          },
        },
        results,
        ...(failure
          ? {
              invocations: [
                { executionSuccessful: false, toolExecutionNotifications: [{ message: { text: failure } }] },
              ],
            }
          : {}),
      },
    ],
  };
}
