import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { embedCardMachine, selectCardMetadata } from '../../../machines/embedCard';
import { useViewerInspection } from '../../viewer/inspection';
import { EMBED_METADATA_PATH, EmbedMetadata } from '../../../model/embedMetadata';

/** Where the lookup is asked: the API base and the share whose material names the URL. */
export interface EmbedMetadataSource {
  apiBase: string;
  share: string;
}

const answers = new Map<string, Promise<EmbedMetadata>>();
const EMPTY: EmbedMetadata = {};

/** The lookup's answer for a URL, asked once per page load; any failure is `{}` (spec section 7: silently ignored). */
export function fetchEmbedMetadata(url: string, { apiBase, share }: EmbedMetadataSource): Promise<EmbedMetadata> {
  const address = `${apiBase}/${EMBED_METADATA_PATH}?uri=${encodeURIComponent(url)}&share=${encodeURIComponent(share)}`;
  let answer = answers.get(address);
  if (!answer) {
    answer = fetch(address, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(async (response) => (response.ok ? EmbedMetadata.safeParse(((await response.json()) as { data?: unknown } | null)?.data) : null))
      .then((parsed) => (parsed?.success ? parsed.data : EMPTY))
      .catch(() => EMPTY);
    answers.set(address, answer);
  }
  return answer;
}

/**
 * The metadata of a link card's page, by the card's lookup statechart (machines/embedCard.ts): `{}`
 * until it arrives, and for good when it does not (no source, a failure).
 */
export function useEmbedMetadata(url: string, source: EmbedMetadataSource | null): EmbedMetadata {
  const latest = useRef(source);
  latest.current = source;
  const [logic] = useState(() =>
    embedCardMachine.provide({ actors: { lookUp: fromPromise<EmbedMetadata, { url: string }>(({ input }) => fetchEmbedMetadata(input.url, latest.current!)) } }),
  );
  const actor = useActorRef(logic, { input: { url, canLookUp: source !== null }, inspect: useViewerInspection() });
  return useSelector(actor, selectCardMetadata);
}
