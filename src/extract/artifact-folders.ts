/**
 * Record folders a log4brains configuration names: `.log4brains.yml` declares `project.adrFolder`
 * and one `adrFolder` per package, relative to the file. Every Markdown file in them is a decision
 * record whatever its name, as log4brains reads them. A configuration that does not parse names
 * no folder (log4brains itself would refuse it).
 */

import { joinRepoPath } from '../model/paths.js';
import { yaml } from '../model/yaml.js';

export const LOG4BRAINS_FILE = '.log4brains.yml';

export function log4brainsFolders(
  paths: Iterable<string>,
  textOf: (path: string) => string | undefined,
): Set<string> {
  const out = new Set<string>();
  for (const path of paths) {
    if (path !== LOG4BRAINS_FILE && !path.endsWith(`/${LOG4BRAINS_FILE}`)) continue;
    const text = textOf(path);
    if (text === undefined) continue;
    let config: unknown;
    try {
      config = yaml().parse(text);
    } catch {
      continue;
    }
    const project = (config as { project?: Record<string, unknown> } | null)?.project;
    if (!project || typeof project !== 'object') continue;
    const packages = Array.isArray(project.packages) ? (project.packages as Record<string, unknown>[]) : [];
    for (const folder of [project.adrFolder, ...packages.map((p) => p?.adrFolder)]) {
      if (typeof folder !== 'string') continue;
      const joined = joinRepoPath(path, folder.replace(/\/+$/, ''));
      if (joined !== undefined) out.add(joined);
    }
  }
  return out;
}
