import { createInterface } from 'node:readline';

/** Standard input, or a stand-in for tests: a terminal has `isTTY` and `setRawMode`. */
export type PasswordInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(raw: boolean): unknown };

const ENTER = new Set(['\r', '\n']);
const GIVE_UP = new Set(['\u0003', '\u0004']); // Ctrl+C, Ctrl+D
const ERASE = new Set(['\u007f', '\b']);
/** A terminal's escape sequence: CSI (ESC [ … final byte), SS3 (ESC O x), or ESC and one key (Alt+key). */
// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const ESCAPE_SEQUENCE = /\u001b(\[[0-?]*[ -/]*[@-~]|O.|.)?/gu;

/**
 * The password typed on a terminal, with nothing shown: the terminal is put in raw mode, so it
 * does not echo the keys, and this reads them one by one (Backspace erases). Null on Ctrl+C or
 * Ctrl+D, or when the input ends first.
 */
function readHidden(prompt: string, input: PasswordInput, output: NodeJS.WritableStream): Promise<string | null> {
  // Raw before the prompt shows: keys typed as soon as it does are never echoed.
  input.setRawMode!(true);
  output.write(prompt);
  input.setEncoding('utf8');
  input.resume();
  let typed = '';
  return new Promise((resolve) => {
    const finish = (password: string | null) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.setRawMode!(false);
      input.pause();
      output.write('\n');
      resolve(password);
    };
    const onEnd = () => finish(null);
    const onData = (chunk: string | Buffer) => {
      // An arrow, Home or Delete key comes as an escape sequence (ESC [ A, ESC [ 3 ~): none of it is
      // typed text, or the hash printed would be of another password than the one typed.
      for (const key of String(chunk).replace(ESCAPE_SEQUENCE, '')) {
        if (ENTER.has(key)) return finish(typed);
        if (GIVE_UP.has(key)) return finish(null);
        if (ERASE.has(key)) typed = typed.slice(0, -1);
        else if (key >= ' ') typed += key;
      }
    };
    input.on('data', onData);
    input.once('end', onEnd);
  });
}

/** The first line of piped input (`echo … | npm run owner-password`), or null when there is none. */
async function readLine(input: PasswordInput): Promise<string | null> {
  const lines = createInterface({ input, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return null;
}

/**
 * A password from `input`: typed without echo when it is a terminal (after `prompt` on `output`),
 * else the first line piped in. Null when none was given (empty input, Ctrl+C, Ctrl+D).
 */
export function readPassword(prompt: string, input: PasswordInput = process.stdin, output: NodeJS.WritableStream = process.stderr): Promise<string | null> {
  return input.isTTY && input.setRawMode ? readHidden(prompt, input, output) : readLine(input);
}
