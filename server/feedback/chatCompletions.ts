import { z } from 'zod';

/**
 * Where generated free-text feedback comes from: any OpenAI-compatible chat-completions endpoint
 * (a hosted service, or a local llama.cpp / Ollama server at e.g. http://127.0.0.1:11434/v1).
 */
export interface FeedbackProviderConfig {
  /** Base URL up to and including the API version, without `/chat/completions`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

export const FeedbackProviderEnv = z.object({
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
});

/** The provider configured in the environment, or null (then free texts show the static box). */
export function feedbackProviderFromEnv(env: NodeJS.ProcessEnv = process.env): FeedbackProviderConfig | null {
  const e = FeedbackProviderEnv.parse(env);
  if (!e.LLM_BASE_URL) return null;
  return { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY || undefined, timeoutMs: e.LLM_TIMEOUT_MS };
}

export type FeedbackTask = {
  /** The exercise as the learner read it (plain text). */
  instructions: string;
  /** What the author says a good answer contains (plain text; may be empty). */
  expectation: string;
  answer: string;
  lang: 'de' | 'en';
};

export type GeneratedFeedback = { feedback: string; correct?: boolean };

const ChatAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});
const FeedbackJson = z.object({ feedback: z.string().min(1), correct: z.boolean().optional() });

export class FeedbackProviderError extends Error {}

function prompt(task: FeedbackTask): { role: 'system' | 'user'; content: string }[] {
  const language = task.lang === 'de' ? 'German' : 'English';
  // The German interface and the demo content say "du" to the learner: so does the feedback.
  const address = task.lang === 'de' ? 'addressing the learner directly and informally as "du" (never "Sie")' : 'addressing the learner directly';
  return [
    {
      role: 'system',
      content:
        `You give short, encouraging feedback on a learner's free-text answer, in ${language}, ${address}. ` +
        'Say what is right, what is missing or wrong, and one hint. Answer only with JSON: {"feedback": string, "correct": boolean}.',
    },
    {
      role: 'user',
      content: `Exercise:\n${task.instructions}\n\nWhat a good answer contains:\n${task.expectation || '(not given)'}\n\nLearner's answer:\n${task.answer}`,
    },
  ];
}

/** Asks the provider for feedback; throws FeedbackProviderError on any failure (HTTP, timeout, shape). */
export async function requestFeedback(config: FeedbackProviderConfig, task: FeedbackTask, fetchImpl: typeof fetch = fetch): Promise<GeneratedFeedback> {
  let response: Response;
  try {
    response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, messages: prompt(task), temperature: 0.2, response_format: { type: 'json_object' } }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new FeedbackProviderError(`feedback provider unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new FeedbackProviderError(`feedback provider answered HTTP ${response.status}`);
  const answer = ChatAnswer.safeParse(await response.json().catch(() => null));
  if (!answer.success) throw new FeedbackProviderError('feedback provider answered no chat completion');
  const content = (answer.data.choices[0].message.content ?? '').trim();
  if (!content) throw new FeedbackProviderError('feedback provider answered an empty message');
  // Models asked for JSON mostly comply; one that answers prose still gives usable feedback.
  const json = FeedbackJson.safeParse(parseJsonObject(content));
  return json.success ? json.data : { feedback: content };
}

function parseJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}
