import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { EmbedMetadata } from '../model/embedMetadata';

/*
 * A link card's lookup of the page it links (spec sections 3 and 7, issue 13): the card shows the
 * link at once; the title, description, icon and thumbnail of the page come when the server's
 * embed-metadata lookup answers with any. A failure, an empty answer or no lookup at all (no share,
 * a URL that cannot be shown) leave the card as it is, silently.
 */

export type EmbedCardInput = {
  url: string;
  /** The card may ask the server: it is on a share, and the URL is one a page may show. */
  canLookUp: boolean;
};

export type EmbedCardContext = { url: string; canLookUp: boolean; metadata: EmbedMetadata };

/** The lookup (the glue: GET embed-metadata of the share, answers cached per page load). */
const lookUp = fromPromise<EmbedMetadata, { url: string }>(async () => {
  throw new Error('lookUp is not provided');
});

/** Something a card can show: a title, a description, an icon or a thumbnail. */
export function hasCardMetadata({ meta, links }: EmbedMetadata): boolean {
  return !!(meta?.title || meta?.description || links?.icon?.length || links?.thumbnail?.length);
}

export const embedCardMachine = setup({
  types: { input: {} as EmbedCardInput, context: {} as EmbedCardContext },
  actors: { lookUp },
  guards: {
    canLookUp: ({ context }) => context.canLookUp,
    foundSomething: (_, metadata: EmbedMetadata) => hasCardMetadata(metadata),
  },
  actions: {
    takeMetadata: assign({ metadata: (_, metadata: EmbedMetadata) => metadata }),
  },
}).createMachine({
  id: 'embedCard',
  description: 'A link card looks up the page it links; what it finds is added to the card, a failure changes nothing.',
  context: ({ input }) => ({ url: input.url, canLookUp: input.canLookUp, metadata: {} }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Decides whether the card asks the server.',
      always: [
        { guard: 'canLookUp', target: 'lookingUp', description: 'On a share, with a URL a page may show: ask.' },
        { target: 'plain', description: 'No share or a URL that cannot be shown: the card stays as it is.' },
      ],
    },
    lookingUp: {
      description: 'The card shows the link; the lookup runs.',
      invoke: {
        src: 'lookUp',
        id: 'lookUp',
        input: ({ context }) => ({ url: context.url }),
        onDone: [
          {
            guard: { type: 'foundSomething', params: ({ event }) => event.output },
            target: 'found',
            actions: { type: 'takeMetadata', params: ({ event }) => event.output },
            description: 'The page has a title, description, icon or thumbnail: the card shows them.',
          },
          { target: 'empty', description: 'Nothing to show: the card stays as it is.' },
        ],
        onError: { target: 'empty', description: 'The lookup failed: silently, the card stays as it is.' },
      },
    },
    found: { type: 'final', description: 'The card shows what the page says of itself.' },
    empty: { type: 'final', description: 'The lookup found nothing or failed; the card shows the link alone.' },
    plain: { type: 'final', description: 'No lookup: the card shows the link alone.' },
  },
});

export type EmbedCardSnapshot = SnapshotFrom<typeof embedCardMachine>;
export const selectCardMetadata = (snapshot: EmbedCardSnapshot): EmbedMetadata => snapshot.context.metadata;
