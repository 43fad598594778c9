import { A11yReportAnswer, reportAnswer } from '../../model/accessibility/answer';
import { reportLines, type ReportLanguage } from '../../model/accessibility/texts';
import { shareAccessibilityReport } from '../accessibility/shareReport';
import { AdminRequestError } from './viaServer';
import { CliError, onServerOrDatabase, parseCommandLine, runCommand } from './cliSupport';

const USAGE = `Usage: npm run a11y-report -- SHARE_ID [--lang de|en] [--json]

Checks the content of a share's material (a collection: each of its materials) for accessibility
problems an author can fix: images without alt text, headings that skip a level, links whose text says
nothing, the theme colour's contrast, videos without captions, frames without a title, exercises that
point at something by colour alone, a missing or invalid language. Prints each problem (element,
where, problem, how to fix) and a verdict. docs/accessibility.md says what is checked and what not.

  --lang de|en   the language of the list (default de)
  --json         the report as JSON (what GET /api/admin/shares/SHARE_ID/accessibility-report answers)

Exit code: 0 when it passes, 1 when problems were found, 2 on an error (unknown share, wrong usage,
no database). While a server runs on the database, the command goes through it (its admin routes).`;

/** `npm run a11y-report -- SHARE_ID …`; answers the exit code: 0 passes, 1 problems found, 2 an error. */
export async function runA11yReport(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv, { options: { lang: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }, USAGE);
  if (typeof args === 'number') return args;
  try {
    const [shareId, ...rest] = args.positionals;
    if (!shareId || rest.length) throw new CliError(USAGE, 2);
    const lang = args.values.lang ?? 'de';
    if (lang !== 'de' && lang !== 'en') throw new CliError(`--lang takes de or en, not "${lang}".`, 2);
    const language: ReportLanguage = lang;
    const unknown = `No share with the id "${shareId}".`;
    const answer = await onServerOrDatabase<A11yReportAnswer>('run this command again', {
      server: async (call) => {
        try {
          return A11yReportAnswer.parse(await call('GET', `/shares/${encodeURIComponent(shareId)}/accessibility-report?lang=${language}`));
        } catch (error) {
          if (error instanceof AdminRequestError && error.status === 404) throw new CliError(unknown, 2);
          throw error;
        }
      },
      database: async (db) => {
        const report = await shareAccessibilityReport(db, shareId);
        if (!report) throw new CliError(unknown, 2);
        return reportAnswer(report, language);
      },
    });
    console.log(args.values.json ? JSON.stringify(answer, null, 2) : reportLines(answer, language).join('\n'));
    return answer.passes ? 0 : 1;
  } catch (error) {
    // Every failure is exit code 2: 1 means the report found problems.
    if (error instanceof AdminRequestError) console.error(`The running server refused the command (HTTP ${error.status}):\n  ${error.problems.join('\n  ')}`);
    else if (error instanceof CliError) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 2;
  }
}

runCommand(runA11yReport);
