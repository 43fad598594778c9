/**
 * A password for the CLI: from a terminal, asked for on stderr without echo; otherwise the first
 * line of stdin (so `printf '%s\n' "$PW" | npm run users -- add …` works in scripts).
 */
export async function readPassword(prompt: string): Promise<string> {
  return process.stdin.isTTY ? promptHidden(prompt) : firstLineOfStdin();
}

/** True when the password is asked for interactively (then `add` asks twice). */
export const passwordIsTyped = (): boolean => process.stdin.isTTY === true;

function firstLineOfStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      process.stdin.off('data', onData).off('end', done).off('error', reject);
      process.stdin.pause();
      resolve(text.split('\n')[0].replace(/\r$/, ''));
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) done();
    };
    process.stdin.on('data', onData).on('end', done).on('error', reject);
  });
}

function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}
