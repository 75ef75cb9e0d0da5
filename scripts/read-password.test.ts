import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPassword, type PasswordInput } from './read-password';

/** A terminal stand-in: keys go in, what the terminal would show comes out, raw mode is recorded. */
function terminal() {
  const input = new PassThrough() as PassThrough & PasswordInput;
  const modes: boolean[] = [];
  input.isTTY = true;
  input.setRawMode = (raw: boolean) => modes.push(raw);
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { input, output, modes, shown: () => shown };
}

describe('readPassword on a terminal', () => {
  it('reads the keys in raw mode, showing nothing of them, and erases with Backspace', async () => {
    const tty = terminal();
    const read = readPassword('Owner password: ', tty.input, tty.output);
    tty.input.write('apple firewood skidz\u007fs\r');
    expect(await read).toBe('apple firewood skids');
    expect(tty.modes).toEqual([true, false]);
    expect(tty.shown()).toBe('Owner password: \n');
  });

  it('takes nothing of an arrow, Home or Delete key into the password', async () => {
    const tty = terminal();
    const read = readPassword('Owner password: ', tty.input, tty.output);
    tty.input.write('apple\u001b[Dfire\u001b[3~wood\u001bOH skids\r');
    expect(await read).toBe('applefirewood skids');
  });

  it('gives null on Ctrl+C, leaving raw mode', async () => {
    const tty = terminal();
    const read = readPassword('Owner password: ', tty.input, tty.output);
    tty.input.write('half typed\u0003');
    expect(await read).toBeNull();
    expect(tty.modes).toEqual([true, false]);
  });
});

describe('readPassword from a pipe', () => {
  it('takes the first line', async () => {
    const input = new PassThrough();
    input.end('apple firewood skids\nmore\n');
    expect(await readPassword('Owner password: ', input, new PassThrough())).toBe('apple firewood skids');
  });

  it('gives null for empty input', async () => {
    const input = new PassThrough();
    input.end('');
    expect(await readPassword('Owner password: ', input, new PassThrough())).toBeNull();
  });
});
