/**
 * stdin for the MCP server, one JSON-RPC message per line, each at most MAX_MESSAGE_BYTES. The
 * SDK's stdio transport closes the whole connection when its read buffer passes 10 MB, so one
 * oversized request (a 10 MB `target`) used to end the session for every later call. Here a line
 * over the bound is dropped as it streams in (never buffered whole) and answered with a short
 * JSON-RPC error naming only its size; the server keeps serving.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** Far above any real request (arguments are paths, names and small objects). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
/** How much of each end of a dropped line is kept to find its id. */
const HEAD_BYTES = 4096;
const NEWLINE = 0x0a;

/**
 * The id of a request, from the start or the end of its text: clients write it among the first
 * members (jsonrpc, id, method, params) or as the last (the SDK's `{ ...request, jsonrpc, id }`).
 * Null when it cannot be told; JSON-RPC allows that for a request that could not be read.
 */
export function requestId(head: string, tail: string): string | number | null {
  const value = '("(?:[^"\\\\]|\\\\.){0,200}"|-?\\d{1,16})';
  const first = new RegExp(`^\\s*\\{(?:\\s*"jsonrpc"\\s*:\\s*"[^"]*"\\s*,)?\\s*"id"\\s*:\\s*${value}`).exec(
    head,
  );
  const last = new RegExp(`[,{]\\s*"id"\\s*:\\s*${value}\\s*\\}\\s*$`).exec(tail);
  const found = first?.[1] ?? last?.[1];
  return found === undefined ? null : (JSON.parse(found) as string | number);
}

/** The reply to a dropped request: one line, its size, never its content. */
export function tooLargeReply(head: string, tail: string, bytes: number, max = MAX_MESSAGE_BYTES): string {
  return `${JSON.stringify({
    jsonrpc: '2.0',
    id: requestId(head, tail),
    error: {
      code: -32600,
      message: `request of ${bytes} bytes is over the ${max}-byte limit of this server; send smaller arguments`,
    },
  })}\n`;
}

export function boundedLines(reply: (line: string) => void, max = MAX_MESSAGE_BYTES): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let dropping: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  const drop = (bytes: number) => {
    reply(tooLargeReply(dropping!.head.toString('utf8'), dropping!.tail.toString('utf8'), bytes, max));
    dropping = undefined;
  };
  // The last HEAD_BYTES of the line so far, where the SDK's clients put the id.
  const keepTail = (tail: Buffer, part: Buffer) =>
    Buffer.concat([tail, part.subarray(-HEAD_BYTES)]).subarray(-HEAD_BYTES);
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let rest = chunk;
      while (rest.length > 0) {
        const at = rest.indexOf(NEWLINE);
        const part = at < 0 ? rest : rest.subarray(0, at);
        if (dropping) {
          dropping.bytes += part.length;
          dropping.tail = keepTail(dropping.tail, part);
          if (at >= 0) drop(dropping.bytes);
        } else if (pendingBytes + part.length > max) {
          const head = Buffer.concat([...pending, part.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES);
          dropping = {
            head,
            tail: keepTail(Buffer.concat(pending), part),
            bytes: pendingBytes + part.length,
          };
          pending = [];
          pendingBytes = 0;
          if (at >= 0) drop(dropping.bytes);
        } else if (at < 0) {
          pending.push(part);
          pendingBytes += part.length;
        } else {
          this.push(Buffer.concat([...pending, part, Buffer.from('\n')]));
          pending = [];
          pendingBytes = 0;
        }
        rest = at < 0 ? Buffer.alloc(0) : rest.subarray(at + 1);
      }
      done();
    },
    flush(done: TransformCallback) {
      if (pendingBytes > 0) this.push(Buffer.concat(pending));
      done();
    },
  });
}
