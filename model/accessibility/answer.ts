import { z } from 'zod';
import { A11yFinding, A11yReport } from './findings';
import { describeFinding, type ReportLanguage } from './texts';

/** The languages of the report's texts; German by default. */
export const ReportLanguageParam = z.enum(['de', 'en']).default('de');

/** `GET …/accessibility-report?lang=de|en`. */
export const A11yReportQuery = z.strictObject({ lang: ReportLanguageParam });

/** What the report routes answer (in `data`): the report, its verdict, and each finding with its texts in `language`. */
export const A11yReportAnswer = z.strictObject({
  language: z.enum(['de', 'en']),
  passes: z.boolean(),
  root: A11yReport.shape.root,
  materials: A11yReport.shape.materials,
  findings: z.array(A11yFinding.extend({ text: z.strictObject({ problem: z.string(), fix: z.string() }) })),
});
export type A11yReportAnswer = z.infer<typeof A11yReportAnswer>;

export function reportAnswer(report: A11yReport, language: ReportLanguage): A11yReportAnswer {
  return {
    language,
    passes: report.findings.length === 0,
    root: report.root,
    materials: report.materials,
    findings: report.findings.map((finding) => ({ ...finding, text: describeFinding(finding, language) })),
  };
}
