import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ModelId } from '../../model/common';
import { FreeTextInput } from '../../model/elements';
import { Lang } from '../../model/pageData';
import { ShareId } from '../../model/tracking';
import type { Database } from '../db/types';
import { FeedbackProviderError, requestFeedback, type FeedbackProviderConfig } from '../feedback/chatCompletions';
import { HttpError, notFound, parseBody } from '../http/errors';
import { requireShareAccess } from '../http/learnerAccess';
import { findModel, loadSubtree } from '../store/models';
import { findShare } from '../store/shares';
import { coveredRoots } from './models';

/** Body of `POST /api/taskbase/feedback/` (spec section 7: userAnswer, elementId; plus the share it is asked from). */
export const FeedbackBody = z.strictObject({
  share: ShareId,
  elementId: ModelId,
  userAnswer: z.string().trim().min(1, 'an answer is required').max(10_000),
  lang: z._default(Lang, 'de'),
});

const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Generated feedback for a free-text answer: forwarded to the configured chat-completions
 * provider. Answers `{ data: { ok: true, feedback, correct } }`; 503 without a provider, 502 when
 * the provider fails (the client then shows its error box and the answer still counts as evaluated);
 * 403 on a private share without a login.
 */
export async function feedbackRoutes(app: FastifyInstance, opts: { db: Database; provider: FeedbackProviderConfig | null }): Promise<void> {
  const { db, provider } = opts;
  app.post('/taskbase/feedback/', async (request) => {
    const body = parseBody(FeedbackBody, request.body);
    const share = await findShare(db, body.share);
    if (!share) throw notFound('Share not found');
    await requireShareAccess(db, request, share);
    const model = await findModel(db, body.elementId);
    // An element of another material answers like one that does not exist: no oracle of what exists elsewhere (issue 14).
    if (!model || model.modelName !== 'FreeTextInput' || !(await coveredRoots(db, share)).includes(model.rootId)) {
      throw notFound('No free-text element with this id');
    }
    const element = FreeTextInput.parse(await loadSubtree(db, model.id));
    if (!element.useGenerativeFeedback) throw new HttpError(409, 'This element does not use generated feedback');
    if (!provider) throw new HttpError(503, 'No feedback provider is configured');
    try {
      const result = await requestFeedback(provider, {
        instructions: plainText(element.instructions.html),
        expectation: plainText(element.feedback?.html ?? ''),
        answer: body.userAnswer,
        lang: body.lang,
      });
      return { data: { ok: true, feedback: result.feedback, correct: result.correct } };
    } catch (error) {
      if (error instanceof FeedbackProviderError) {
        request.log.warn({ err: error }, 'feedback provider failed');
        throw new HttpError(502, 'The feedback provider failed');
      }
      throw error;
    }
  });
}
