/**
 * Editing a JSON document as text, so every byte outside the edited span stays as the user wrote
 * it: their indentation, key order, blank lines, a missing final newline. A small positional
 * parser records where each value, member and item starts and ends; edits splice new text in at
 * those offsets, indented like their neighbours. Strict JSON only (settings files are).
 */

export type JsonNode =
  | { type: 'object'; start: number; end: number; members: Member[] }
  | { type: 'array'; start: number; end: number; items: JsonNode[] }
  | { type: 'scalar'; start: number; end: number; value: unknown };

export interface Member {
  key: string;
  /** Offset of the key's opening quote. */
  start: number;
  value: JsonNode;
}

export function parseJsonText(text: string): JsonNode {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsonNode => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members: Member[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { type: 'object', start, end: i, members };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const keyStart = i;
        const key = string();
        ws();
        if (text[i] !== ':') fail('expected ":"');
        i++;
        members.push({ key, start: keyStart, value: value() });
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return { type: 'object', start, end: i, members };
        } else fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { type: 'array', start, end: i, items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return { type: 'array', start, end: i, items };
        } else fail('expected "," or "]"');
      }
    }
    if (c === '"') {
      const str = string();
      return { type: 'scalar', start, end: i, value: str };
    }
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
    if (!m) fail('unexpected token');
    i += m![0].length;
    return { type: 'scalar', start, end: i, value: JSON.parse(m![0]) };
  };
  const root = value();
  ws();
  if (i < text.length) fail('unexpected text after the document');
  return root;
}

/** The plain value of a node (for comparisons). */
export function jsonValue(text: string, node: JsonNode): unknown {
  return JSON.parse(text.slice(node.start, node.end));
}

export function member(node: JsonNode | undefined, key: string): Member | undefined {
  return node?.type === 'object' ? node.members.find((m) => m.key === key) : undefined;
}

/** Whitespace at the start of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The file's indentation unit: the first indented line's indent, else two spaces. */
function indentUnit(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

/** JSON text of a value laid out at indentation `base`. */
function render(value: unknown, base: string, unit: string): string {
  return JSON.stringify(value, null, unit).replaceAll('\n', `\n${base}`);
}

const splice = (text: string, start: number, end: number, insert: string) =>
  text.slice(0, start) + insert + text.slice(end);

/** Where a new child of `container` goes, and how it is indented. */
function childLayout(text: string, container: JsonNode, children: { start: number; end: number }[]) {
  const unit = indentUnit(text);
  if (children.length > 0) {
    const first = children[0]!;
    const onOwnLine = text.lastIndexOf('\n', first.start) > container.start;
    const indent = onOwnLine ? lineIndent(text, first.start) : '';
    return {
      unit,
      indent,
      after: children[children.length - 1]!.end,
      sep: onOwnLine ? `,\n${indent}` : ', ',
    };
  }
  return { unit, indent: lineIndent(text, container.start) + unit, after: -1, sep: '' };
}

export function addMember(text: string, obj: JsonNode, key: string, value: unknown): string {
  if (obj.type !== 'object') throw new TypeError('not an object');
  const l = childLayout(
    text,
    obj,
    obj.members.map((m) => ({ start: m.start, end: m.value.end })),
  );
  const entry = `${JSON.stringify(key)}: ${render(value, l.indent, l.unit)}`;
  if (l.after >= 0) return splice(text, l.after, l.after, `${l.sep}${entry}`);
  const outer = lineIndent(text, obj.start);
  return splice(text, obj.start, obj.end, `{\n${l.indent}${entry}\n${outer}}`);
}

export function appendItem(text: string, arr: JsonNode, value: unknown): string {
  if (arr.type !== 'array') throw new TypeError('not an array');
  const l = childLayout(text, arr, arr.items);
  if (l.after >= 0) return splice(text, l.after, l.after, `${l.sep}${render(value, l.indent, l.unit)}`);
  const outer = lineIndent(text, arr.start);
  return splice(text, arr.start, arr.end, `[\n${l.indent}${render(value, l.indent, l.unit)}\n${outer}]`);
}

export function replaceNode(text: string, node: JsonNode, value: unknown): string {
  return splice(text, node.start, node.end, render(value, lineIndent(text, node.start), indentUnit(text)));
}

/**
 * Removes child `index` of a container (object member or array item) with the separator that
 * joined it to its neighbour; an only child leaves the container empty (`{}` / `[]`).
 */
export function removeChild(text: string, container: JsonNode, index: number): string {
  const spans =
    container.type === 'object'
      ? container.members.map((m) => ({ start: m.start, end: m.value.end }))
      : container.type === 'array'
        ? container.items
        : [];
  const me = spans[index];
  if (!me) return text;
  if (spans.length === 1) return splice(text, container.start + 1, container.end - 1, '');
  if (index > 0) return splice(text, spans[index - 1]!.end, me.end, '');
  return splice(text, me.start, spans[1]!.start, '');
}
