import { describe, expect, it } from 'vitest';
import { writeAll } from '../../src/cli/fd-io.js';

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('writeAll (the gate entry writes its answer to fd 1 directly)', () => {
  it('writes everything, however few bytes each write takes, and retries a full non-blocking pipe', () => {
    const got: Buffer[] = [];
    let calls = 0;
    writeAll(1, 'héllo, gate', ((_fd: number, bytes: Buffer) => {
      calls++;
      if (calls === 2) throw errno('EAGAIN');
      const n = Math.min(3, bytes.length);
      got.push(Buffer.from(bytes.subarray(0, n)));
      return n;
    }) as never);
    expect(Buffer.concat(got).toString('utf8')).toBe('héllo, gate');
    expect(calls).toBeGreaterThan(4);
  });

  it('drops the answer when nobody reads it, and throws other errors', () => {
    expect(() =>
      writeAll(1, 'x', (() => {
        throw errno('EPIPE');
      }) as never),
    ).not.toThrow();
    expect(() =>
      writeAll(1, 'x', (() => {
        throw errno('EIO');
      }) as never),
    ).toThrow('EIO');
  });
});
