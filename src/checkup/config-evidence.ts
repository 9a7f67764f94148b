/** Evidence that points into the configuration file, so a problem with a rule names its line. */
import type { CheckupOptions, Evidence } from './types.js';

export function configEvidence(opts: CheckupOptions, keyPath: (string | number)[]): Evidence {
  return {
    source: 'config',
    path: opts.configFile ?? 'proofmap.config.json',
    line: Math.max(1, opts.lineOf?.(keyPath) ?? 1),
  };
}

/** `rule "name"` or `rules[2]`, the way the config file lets a reader find it. */
export function ruleName(rule: { name?: string | undefined }, index: number): string {
  return rule.name ? `rule "${rule.name}" (rules[${index}])` : `rules[${index}]`;
}
