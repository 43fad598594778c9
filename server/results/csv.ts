import type { Results } from '../../model/results';

/*
 * The results as one CSV file (RFC 4180: CRLF line ends, fields with a comma, quote or line break
 * quoted, quotes doubled), with a UTF-8 byte order mark so spreadsheet programs read umlauts right.
 * Three sections, each a header row and its rows, separated by an empty line: learners, questions
 * (one row per wrong answer, the question's figures repeated), stops. Free texts are not in it.
 */

export const UTF8_BOM = '\uFEFF';

type Cell = string | number | boolean | null;

/** One field: quoted when it holds a comma, a quote, CR or LF; a leading =, +, - or @ is kept from formulas by a leading apostrophe. */
export function csvField(value: Cell): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (cells: readonly Cell[]) => cells.map(csvField).join(',');

export function resultsCsv(results: Results): string {
  const lines: string[] = [];
  lines.push(row(['section', 'learner', 'kind', 'progress', 'completed', 'last_activity', 'certificate_issued']));
  for (const l of results.learners) lines.push(row(['learners', l.name, l.kind, Number(l.progress.toFixed(4)), l.completed, l.lastActivity, l.certificateIssued]));
  lines.push('');
  lines.push(row(['section', 'element_id', 'kind', 'label', 'chapter_path', 'answered', 'right_at_first_evaluation', 'gap', 'wrong_answer', 'wrong_answer_learners']));
  for (const q of results.questions) {
    const common: Cell[] = ['questions', q.elementId, q.kind, q.label, q.path.join(' / '), q.answered, q.rightAtFirstEvaluation];
    if (!q.wrongAnswers.length) lines.push(row([...common, null, null, null]));
    for (const w of q.wrongAnswers) lines.push(row([...common, w.gap, w.answer, w.learners]));
  }
  lines.push('');
  lines.push(row(['section', 'element_id', 'kind', 'label', 'chapter_path', 'learners_stopped']));
  for (const s of results.stops) lines.push(row(['stops', s.elementId, s.kind, s.label, s.path.join(' / '), s.learners]));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
