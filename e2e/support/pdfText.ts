import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF as poppler's `pdftotext` extracts it (UTF-8, reading order, pages joined), with
 * runs of whitespace collapsed to one space: what a reader or a screen reader gets from the file.
 */
export async function pdfToText(file: string): Promise<string> {
  try {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(/\s+/g, ' ').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('pdftotext is missing: apt-get install -y poppler-utils', { cause: error });
    throw error;
  }
}
