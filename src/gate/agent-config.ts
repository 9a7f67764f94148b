/**
 * The agent-side files `proofmap init --agent` edits, as pure text edits (text in, text out):
 * the MCP server entry in each agent's project file, and the short section telling the agent
 * when to call which tool. Each edit merges: everything it does not own stays as it was, and
 * running it twice changes nothing the second time.
 */
export const AGENTS = ['claude', 'codex', 'cursor'] as const;
export type Agent = (typeof AGENTS)[number];

/** Where each agent reads a project's MCP servers, and the file its instructions live in. */
export const AGENT_FILES: Record<Agent, { mcp: string; notes: string }> = {
  claude: { mcp: '.mcp.json', notes: 'CLAUDE.md' },
  codex: { mcp: '.codex/config.toml', notes: 'AGENTS.md' },
  cursor: { mcp: '.cursor/mcp.json', notes: 'AGENTS.md' },
};

export interface ServerCommand {
  command: string;
  args: string[];
}

/** `{"mcpServers": {"proofmap": …}}` in .mcp.json (Claude Code) or .cursor/mcp.json (Cursor). */
export function mergeMcpJson(text: string, server: ServerCommand): string {
  const doc = text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new TypeError('the file is not a JSON object');
  const servers = (doc.mcpServers ?? {}) as Record<string, unknown>;
  if (typeof servers !== 'object' || Array.isArray(servers))
    throw new TypeError('mcpServers is not an object');
  const entry = { command: server.command, args: server.args };
  if (JSON.stringify(servers.proofmap) === JSON.stringify(entry)) return text;
  const merged = { ...doc, mcpServers: { ...servers, proofmap: entry } };
  return `${JSON.stringify(merged, null, 2)}\n`;
}

const tomlString = (s: string) => JSON.stringify(s);

/**
 * `[mcp_servers.proofmap]` in Codex's .codex/config.toml. The table's own keys are replaced, up
 * to the next header; its sub-tables (`.env`) and the rest of the file are kept byte for byte.
 */
export function mergeCodexToml(text: string, server: ServerCommand): string {
  const block = `[mcp_servers.proofmap]\ncommand = ${tomlString(server.command)}\nargs = [${server.args.map(tomlString).join(', ')}]\n`;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === '[mcp_servers.proofmap]');
  if (start < 0)
    return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${text === '' ? '' : '\n'}${block}`;
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end]!)) end++;
  const before = lines.slice(0, start).join('\n');
  const after = lines.slice(end).join('\n');
  return `${before}${before ? '\n' : ''}${block}${after}`;
}

export const NOTES_BEGIN =
  '<!-- proofmap:begin (written by `proofmap init --agent`; edit outside these markers) -->';
export const NOTES_END = '<!-- proofmap:end -->';

/** What the agent should know, in the order it meets the need. Short: it is read every session. */
export const AGENT_NOTES = `## proofmap (repository map over MCP)

This repository has a verified map served by the \`proofmap\` MCP server. Prefer it to grepping:
- Start of a task: \`map_repo\` with \`focus\` = the files you expect to touch.
- Before editing a file: \`map_context\` on it (the edit gate asks for this consultation).
- Before changing something others import: \`map_impact\` (\`importers: true\` for each import line).
- Looking for a name: \`map_search\`. Why A depends on B: \`map_path\`.
- After editing: \`map_rescan\`, then \`map_check\` (\`what\`: structure, claims, changes, cycles).
Every answer fits \`max_tokens\` (default 1500), gives exact totals, and ends with \`next\`: the call to make next.
"No dependents" is proven only when \`absence.proven\` is true; otherwise read \`absence.gaps\`.
`;

/** The section between the markers, added at the end or replaced in place. */
export function mergeNotes(text: string): string {
  const section = `${NOTES_BEGIN}\n${AGENT_NOTES}${NOTES_END}\n`;
  const begin = text.indexOf(NOTES_BEGIN);
  const end = text.indexOf(NOTES_END);
  if (begin >= 0 && end > begin) {
    const tail = text.slice(end + NOTES_END.length).replace(/^\n/, '');
    return `${text.slice(0, begin)}${section}${tail}`;
  }
  if (text === '') return section;
  return `${text}${text.endsWith('\n') ? '' : '\n'}\n${section}`;
}
