import type { SnapshotFrom } from 'xstate';
import type { hotspotsMachine } from './hotspots.machine';

/** The hotspots' view: the spot whose popup is open (null: none). */
export const connectHotspots = (snapshot: SnapshotFrom<typeof hotspotsMachine>) => ({ openSpotId: snapshot.context.openSpotId });

/** A spot's `data-state`: open or closed. */
export const spotState = (openSpotId: string | null, spotId: string) => (spotId === openSpotId ? 'open' : 'closed');
