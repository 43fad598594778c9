/** One frame of a stack as the error-reporting service reads it (Sentry's stack frame). */
export interface StackFrame {
  function?: string;
  filename: string;
  lineno?: number;
  colno?: number;
  /** Code of this product rather than of a dependency (node_modules) or of the runtime (node:). */
  in_app: boolean;
}

/** Frames read from a stack, at most this many (the innermost kept). */
export const MAX_STACK_FRAMES = 50;
/** Lines read from a stack, at most; a longer line is no frame (and would cost the patterns dearly). */
const MAX_LINES = 200;
const MAX_LINE_LENGTH = 1000;

// V8 (Node, Chromium): "    at fn (file:line:col)", "    at file:line:col", "    at async fn (file:line:col)".
const V8_FRAME = /^\s*at (?:async )?(?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
// SpiderMonkey and JavaScriptCore (Firefox, Safari): "fn@file:line:col", "@file:line:col".
const GECKO_FRAME = /^(.*?)@(.+?):(\d+):(\d+)$/;

/**
 * The frames of an `Error.stack`, oldest call first as the service expects (the stack lists the
 * innermost first). Lines that are no frame (the message, "<anonymous>") are left out; the address of
 * a script loses its query and fragment.
 */
export function stackFrames(stack: string | undefined): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n', MAX_LINES)) {
    if (line.length > MAX_LINE_LENGTH) continue;
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line.trim());
    if (!match) continue;
    const [, name, file, lineno, colno] = match;
    const filename = file.replace(/[?#].*$/, '');
    frames.push({
      ...(name ? { function: name } : {}),
      filename,
      lineno: Number(lineno),
      colno: Number(colno),
      in_app: !/\/node_modules\/|^node:|^internal\//.test(filename),
    });
    if (frames.length === MAX_STACK_FRAMES) break;
  }
  return frames.reverse();
}
