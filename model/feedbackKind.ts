/** Which feedback a question shows once evaluated: right, wrong, or neutral where the question asks for no verdict. */
export type FeedbackKind = 'positive' | 'negative' | 'neutral';
